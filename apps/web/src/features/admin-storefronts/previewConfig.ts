// The storefront config a preview renders (issue 18): the editor's values as typed, over the last
// config that rendered, so a colour half typed (#12) or an empty size keeps the previous value
// instead of breaking the preview. Only what the operator has in the form; nothing is fetched.
import {
  fontFamilySchema,
  themeColorSchema,
  type DeepPartial,
  type StorefrontConfig,
  type StorefrontConfigCore,
  type StorefrontDraftFormValues,
} from '@store/domain';

function usable(value: unknown, previous: unknown): unknown {
  if (typeof previous === 'number') {
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    return Number.isFinite(n) && n >= 0 && n <= 4000 ? n : previous;
  }
  if (typeof previous === 'boolean') return typeof value === 'boolean' ? value : previous;
  if (typeof previous === 'string') return typeof value === 'string' ? value : previous;
  return value;
}

function sanitise(values: unknown, base: unknown): unknown {
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    const out: Record<string, unknown> = {};
    const given = (values && typeof values === 'object' ? values : {}) as Record<string, unknown>;
    for (const [key, previous] of Object.entries(base)) out[key] = sanitise(given[key], previous);
    return out;
  }
  return usable(values, base);
}

export function previewConfig(
  values: DeepPartial<StorefrontDraftFormValues> | undefined,
  base: StorefrontConfig,
): StorefrontConfig {
  const core = sanitise(
    { theme: values?.theme, flags: values?.flags, settings: values?.settings, content: values?.content },
    { theme: base.theme, flags: base.flags, settings: base.settings, content: base.content },
  ) as StorefrontConfigCore;
  // What would break the page's CSS keeps the previous value.
  for (const [key, colour] of Object.entries(core.theme.colors)) {
    if (!themeColorSchema.safeParse(colour).success) (core.theme.colors as unknown as Record<string, string>)[key] = (base.theme.colors as unknown as Record<string, string>)[key]!;
  }
  if (!fontFamilySchema.safeParse(core.theme.fontFamily).success) core.theme.fontFamily = base.theme.fontFamily;
  const name = typeof values?.name === 'string' && values.name.trim() ? values.name.trim() : base.name;
  return { ...base, ...core, name };
}
