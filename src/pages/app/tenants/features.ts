/**
 * ABP feature management for one tenant (`/api/feature-management/features?providerName=T&
 * providerKey={id}`): the answer's features as form values, the PUT body, and the server's
 * validation messages per feature. The types are what these rules read of the answer.
 */
export interface FeatureDto {
  name: string;
  displayName: string;
  value: string | null;
  /** 'T' when the tenant has its own value, 'D' when the default applies. */
  provider: { name: string; key: string | null };
  valueType: {
    name: string;
    /** ABP's validator; its properties are a free map (NUMERIC: MinValue, MaxValue). */
    validator?: { name: string; properties?: Readonly<Record<string, unknown>> };
  };
}

export interface FeaturesAnswer {
  groups: { name: string; displayName: string; features: FeatureDto[] }[];
}

export type FeatureKind = 'toggle' | 'number' | 'text';

export function featureKind(feature: FeatureDto): FeatureKind {
  if (feature.valueType.name === 'ToggleStringValueType') return 'toggle';
  return feature.valueType.validator?.name === 'NUMERIC' ? 'number' : 'text';
}

export const allFeatures = (answer: FeaturesAnswer): FeatureDto[] => answer.groups.flatMap((g) => g.features);

/** name -> value as the form edits it (flags 'true'/'false', numbers as typed). */
export function featureValues(answer: FeaturesAnswer): Record<string, string> {
  return Object.fromEntries(allFeatures(answer).map((f) => [f.name, f.value ?? '']));
}

/** Every feature with its value, trimmed, in the answer's order. */
export function featureUpdateBody(answer: FeaturesAnswer, values: Readonly<Record<string, string>>) {
  return { features: allFeatures(answer).map((f) => ({ name: f.name, value: (values[f.name] ?? f.value ?? '').trim() })) };
}

const numberOr = <T>(value: unknown, fallback: T): number | T => (typeof value === 'number' ? value : fallback);

/**
 * A message for a value the form can tell is wrong (a number feature outside the validator's
 * range or not a whole number), as a translation key with its values; undefined when it is fine.
 */
export function featureProblem(feature: FeatureDto, value: string): { key: string; values?: Record<string, number> } | undefined {
  if (featureKind(feature) !== 'number') return undefined;
  const properties = feature.valueType.validator?.properties ?? {};
  const min = numberOr(properties.MinValue, 0);
  const max = numberOr(properties.MaxValue, undefined);
  const text = value.trim();
  // '-4' is a whole number, only too small: say so rather than "enter a whole number".
  if (!/^[-+]?\d+$/.test(text)) return { key: 'features.wholeNumber' };
  const n = Number(text);
  if (max === undefined && n < min) return { key: 'features.atLeast', values: { min } };
  if (n < min || (max !== undefined && n > max)) return { key: 'features.range', values: { min, max: max ?? n } };
  return undefined;
}

/**
 * The server's validation errors (members 'features[i].value' or 'features[i].name', i the index in
 * the PUT body) as feature name -> message.
 */
export function featureErrors(sent: readonly { name: string }[], validationErrors: readonly { message: string; members?: string[] | null }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { message, members } of validationErrors) {
    for (const member of members ?? []) {
      const index = /^features\[(\d+)\]/i.exec(member)?.[1];
      const name = index === undefined ? undefined : sent[Number(index)]?.name;
      if (name && !(name in errors)) errors[name] = message;
    }
  }
  return errors;
}
