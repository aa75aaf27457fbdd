// The Worker isolate's JavaScript heap, read through the inspector that `wrangler dev
// --inspector-port` opens (Chrome DevTools Protocol). workerd's inspector never answers
// HeapProfiler.collectGarbage, but a heap snapshot makes V8 collect everything first: the figure is
// read after one (its chunks are streamed and dropped), so it is what the isolate retains, not what
// the next collection would free. Used by `npm run bench` to show that memory stays flat under load.

type Target = { webSocketDebuggerUrl?: string; title?: string };

export type HeapUsage = { usedMb: number; totalMb: number };

/** Heap use of the app's isolate behind the inspector on this port. */
export async function isolateHeap(inspectorPort: number): Promise<HeapUsage> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as Target[];
  const target = targets.find((entry) => entry.webSocketDebuggerUrl && !/internal|proxy/i.test(entry.title ?? "")) ?? targets.find((entry) => entry.webSocketDebuggerUrl);
  if (!target?.webSocketDebuggerUrl) throw new Error(`No inspector target on port ${inspectorPort}`);
  // The local inspector proxy admits only local origins (Node's WebSocket takes headers as undici does).
  const socket = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: "http://localhost" } } as unknown as string[]);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("Inspector connection failed")), { once: true });
  });
  let next = 1;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => reject(new Error(`${method}: no answer`)), 60_000);
      pending.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send("HeapProfiler.enable");
    await send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
    await send("HeapProfiler.disable");
    const usage = (await send("Runtime.getHeapUsage")) as { usedSize: number; totalSize: number };
    return { usedMb: usage.usedSize / 1_048_576, totalMb: usage.totalSize / 1_048_576 };
  } finally {
    socket.close();
  }
}
