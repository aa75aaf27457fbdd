import { Link } from "~/components/link";

export function meta() {
  return [{ title: "Payment Cancelled | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

export default function PaymentCancelled() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-4xl font-black text-white">Payment Cancelled</h1>
      <p className="mt-4 text-slate-300">No payment was taken. You can pick a plan again whenever you're ready.</p>
      <Link to="/subscribe" className="btn-primary mt-8">Try Again</Link>
    </div>
  );
}
