import { describe, expect, it } from 'vitest';
import { escapeHtml, renderMail, type Brand } from './templates.ts';

const brand: Brand = {
  storefrontId: 'x',
  name: 'Evergreen <Health>',
  primaryColor: '#1b4d3e',
  supportEmail: 'care@e.example',
  supportPhone: '',
};

describe('renderMail', () => {
  it('brands the mail with the storefront name and primary colour, text and HTML alike', () => {
    const mail = renderMail(brand, {
      subject: 'S',
      heading: 'H',
      paragraphs: ['P'],
      code: '123456',
      action: { label: 'Go', url: 'https://x.example/a?b=1&c=2' },
    });
    expect(mail.text).toContain('Evergreen <Health>');
    expect(mail.text).toContain('123456');
    expect(mail.text).toContain('Go: https://x.example/a?b=1&c=2');
    expect(mail.html).toContain('Evergreen &lt;Health&gt;');
    expect(mail.html).toContain('background:#1b4d3e');
    expect(mail.html).toContain('href="https://x.example/a?b=1&amp;c=2"');
    expect(mail.html).toContain('care@e.example');
  });

  it('never lets a colour break out of the style attribute', () => {
    const mail = renderMail(
      { ...brand, primaryColor: 'red;background:url(x)' },
      { subject: 'S', heading: 'H', paragraphs: [] },
    );
    expect(mail.html).not.toContain('url(x)');
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
