/** A watch as a carer picks it: its name and its IMEI or serial number. */
export interface NamedWatch {
  id: string;
  name: string;
  imei: string | null;
}

/** The fewest last characters shown: four digits read like the end of a card number. */
const MIN_DIGITS = 4;

/**
 * Each watch's label where a carer picks one: its name, and where two or more of the list share
 * a name (two "Mum's watch" after an account transfer), also the end of its IMEI or serial
 * number, printed on the watch and its box: the fewest last characters (at least four) that tell
 * them apart, written by `sameName` in the carer's language. A watch without a number keeps its
 * name. Keyed by id.
 */
export function watchLabels(watches: readonly NamedWatch[], sameName: (name: string, digits: string) => string): Map<string, string> {
  const groups = new Map<string, NamedWatch[]>();
  for (const w of watches) {
    const key = w.name.trim().toLocaleLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), w]);
  }
  const labels = new Map<string, string>();
  for (const group of groups.values()) {
    const numbers = group.map((w) => (w.imei ?? '').replace(/\s+/g, ''));
    const longest = Math.max(0, ...numbers.map((n) => n.length));
    let size = Math.min(MIN_DIGITS, longest);
    while (size < longest && new Set(numbers.map((n) => n.slice(-size))).size < group.length) size += 1;
    group.forEach((w, i) => labels.set(w.id, group.length > 1 && numbers[i] ? sameName(w.name, numbers[i].slice(-size)) : w.name));
  }
  return labels;
}
