/**
 * Command templates: `{variable}` placeholders filled from the values given. Every placeholder must
 * be declared by the template and given a value; a value for a variable the template does not have
 * is refused too (a typo would otherwise silently send the wrong command to a watch).
 */
export const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;
/** What a value may hold: no braces (no second placeholder) and no line breaks (one command). */
export const VARIABLE_VALUE = /^[^{}\r\n]{1,160}$/;

export type TemplateProblem =
  | { kind: 'unknown'; name: string }
  | { kind: 'missing'; name: string }
  | { kind: 'invalid'; name: string };

export function fillTemplate(command: string, declared: readonly string[], values: Readonly<Record<string, string>>): { text: string } | { problems: TemplateProblem[] } {
  const used = new Set([...command.matchAll(PLACEHOLDER)].map((m) => m[1]!));
  const known = new Set([...declared, ...used]);
  const problems: TemplateProblem[] = [];
  for (const name of Object.keys(values)) if (!known.has(name)) problems.push({ kind: 'unknown', name });
  for (const name of used) {
    const value = values[name];
    if (value === undefined || value === '') problems.push({ kind: 'missing', name });
    else if (!VARIABLE_VALUE.test(value)) problems.push({ kind: 'invalid', name });
  }
  if (problems.length) return { problems };
  return { text: command.replace(PLACEHOLDER, (_m, name: string) => values[name]!) };
}
