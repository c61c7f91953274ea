// issue 18: the live preview follows what the operator types, and a value being typed (a colour
// half written, an empty size) keeps the last good one rather than breaking the preview.
import { DEFAULT_CONFIG_CORE, type StorefrontConfig } from '@store/domain';
import { describe, expect, it } from 'vitest';
import { previewConfig } from './previewConfig';

const base: StorefrontConfig = { id: 's', companyId: 'c', name: 'Brand', ...structuredClone(DEFAULT_CONFIG_CORE) };

describe('previewConfig', () => {
  it('shows the typed name, colours, sizes, flags and texts', () => {
    const config = previewConfig(
      {
        name: 'Brightside',
        theme: { colors: { primary: '#aa3355' }, fontSizes: { h1: 44 } },
        flags: { enableRoundedBorders: true },
        content: { heroTitle: 'Skin care' },
      },
      base,
    );
    expect(config.name).toBe('Brightside');
    expect(config.theme.colors.primary).toBe('#aa3355');
    expect(config.theme.colors.secondary).toBe(base.theme.colors.secondary);
    expect(config.theme.fontSizes.h1).toBe(44);
    expect(config.flags.enableRoundedBorders).toBe(true);
    expect(config.content.heroTitle).toBe('Skin care');
  });

  it('keeps the last good value for a colour, a size or a font being typed', () => {
    const config = previewConfig(
      { name: '  ', theme: { colors: { primary: '#12' }, fontSizes: { h1: '' as unknown as number }, fontFamily: 'x; }' } },
      base,
    );
    expect(config.name).toBe('Brand');
    expect(config.theme.colors.primary).toBe(base.theme.colors.primary);
    expect(config.theme.fontSizes.h1).toBe(base.theme.fontSizes.h1);
    expect(config.theme.fontFamily).toBe(base.theme.fontFamily);
  });
});
