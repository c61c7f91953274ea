// Branded mail: the storefront's name and primary colour, a plain-text part and an HTML part built
// from the same content. Every value is escaped; links are absolute URLs the server built.
export interface Brand {
  storefrontId: string;
  name: string;
  primaryColor: string;
  supportEmail: string;
  supportPhone: string;
}

export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** A code shown large (one-time passcodes). */
  code?: string;
  /** A button linking to an absolute URL. */
  action?: { label: string; url: string };
  /** Small print under the content (e.g. "If you did not ask for this..."). */
  footnote?: string;
  /** Files sent with the mail (not rendered in the body), e.g. `visit.ics`. */
  attachments?: { filename: string; content: string; contentType: string; encoding?: 'base64' }[];
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Only a #rgb or #rrggbb colour reaches a style attribute. */
function safeColor(color: string): string {
  return /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(color) ? color : '#1b4d3e';
}

function contactLine(brand: Brand): string {
  const parts = [brand.supportEmail, brand.supportPhone].filter(Boolean);
  return parts.length ? `Questions? Contact ${brand.name} at ${parts.join(' or ')}.` : '';
}

export function renderMail(
  brand: Brand,
  content: MailContent,
): { subject: string; text: string; html: string } {
  const contact = contactLine(brand);
  const text = [
    brand.name,
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [content.code, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    ...(contact ? [contact] : []),
  ].join('\n');

  const color = safeColor(brand.primaryColor);
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(p)}</p>`)
    .join('');
  const code = content.code
    ? `<p style="margin:8px 0 24px;font-size:32px;letter-spacing:8px;font-weight:bold;color:${color}">${escapeHtml(content.code)}</p>`
    : '';
  const action = content.action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${color};color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:4px;font-weight:bold">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">Or paste this address into your browser: ${escapeHtml(content.action.url)}</p>`
    : '';
  const footnote = content.footnote
    ? `<p style="margin:16px 0 0;font-size:13px;color:#555555">${escapeHtml(content.footnote)}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;padding:0;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#1f2a27">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:6px;overflow:hidden">
<tr><td style="background:${color};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold" data-brand="${escapeHtml(brand.name)}">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;color:${color}">${escapeHtml(content.heading)}</h1>
${paragraphs}${code}${action}${footnote}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #eeeeee;font-size:12px;color:#777777">${escapeHtml(contact)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: content.subject, text, html };
}
