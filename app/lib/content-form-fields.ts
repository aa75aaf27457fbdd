// The content form's fields in words and in the order the form shows them: a refused save's summary
// (content-editor.tsx) names each wrong field, 'Play title (formation 1, play 2)', top to bottom.

// In the order the form shows them (the summary lists a refusal's fields in that order).
const FIELD_LABELS: Record<string, string> = {
  title: "Title",
  type: "Content type",
  game: "Game",
  description: "Description",
  videoUrl: "Intro video URL",
  difficulty: "Difficulty",
  requiredTier: "Required tier",
  tags: "Tags",
  formations: "Formations",
};
const FORMATION_LABELS: Record<string, string> = { title: "Formation title", slug: "Formation slug", imageUrl: "Formation image", description: "Formation description", plays: "Plays" };
const PLAY_LABELS: Record<string, string> = {
  slug: "Play address",
  title: "Play title",
  imageUrl: "Play image",
  description: "Play description",
  videoProvider: "Video provider",
  videoUrl: "Video URL",
  runtime: "Runtime",
  tags: "Play tags",
};

const NESTED_FIELD = /^formations\[(\d+)\](?:\.plays\[(\d+)\])?(?:\.(\w+))?$/;

/** Where a field sits in the form, as numbers to sort by: its formation, its play, its place among the fields. */
function formPosition(name: string): number[] {
  const nested = NESTED_FIELD.exec(name);
  if (!nested) {
    const order = Object.keys(FIELD_LABELS).indexOf(name);
    return [-1, -1, order === -1 ? Number.MAX_SAFE_INTEGER : order];
  }
  const [, formation, play, key] = nested;
  const labels = play === undefined ? FORMATION_LABELS : PLAY_LABELS;
  // The entry itself ('formations[0]') before its fields; an unknown field after them.
  const order = key === undefined ? -1 : Object.keys(labels).indexOf(key);
  return [Number(formation), play === undefined ? -1 : Number(play), order === -1 && key !== undefined ? Number.MAX_SAFE_INTEGER : order];
}

export function inFormOrder(a: string, b: string) {
  const [x, y] = [formPosition(a), formPosition(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** Where a field of this form is, in the words of its label: 'Play title (formation 1, play 2)'. */
export function fieldPlace(name: string): string {
  const nested = NESTED_FIELD.exec(name);
  if (!nested) return FIELD_LABELS[name] ?? name;
  const [, formation, play, key] = nested;
  const where = `formation ${Number(formation) + 1}${play === undefined ? "" : `, play ${Number(play) + 1}`}`;
  const label = play === undefined ? (key ? (FORMATION_LABELS[key] ?? key) : "Formation") : key ? (PLAY_LABELS[key] ?? key) : "Play";
  return `${label} (${where})`;
}

