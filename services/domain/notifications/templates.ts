/**
 * Mail templates by key. `values` are stored with the notification; `secrets` (links carrying
 * tokens) only travel sealed to the sending job and are shown as [redacted] in stored previews.
 */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Template = (values: Record<string, string>, secrets: Record<string, string>) => RenderedMail;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const templates: Record<string, Template> = {
  password_reset: (values, secrets) => {
    const link = secrets.resetLink ?? '[redacted]';
    return {
      subject: 'Reset your Tertulia password',
      text: [
        `Hello,`,
        ``,
        `Someone asked to reset the password of the Tertulia account for ${values.emailAddress}.`,
        `Open this link within ${values.validForMinutes} minutes to choose a new password:`,
        ``,
        link,
        ``,
        `If you did not ask for this, you can ignore this message; your password stays the same.`,
      ].join('\n'),
      html: `<p>Hello,</p><p>Someone asked to reset the password of the Tertulia account for ${escape(values.emailAddress)}.</p>
<p>Open this link within ${escape(values.validForMinutes)} minutes to choose a new password:</p>
<p><a href="${escape(link)}">Choose a new password</a></p>
<p>If you did not ask for this, you can ignore this message; your password stays the same.</p>`,
    };
  },
};

export function renderMail(templateKey: string, values: Record<string, string>, secrets: Record<string, string> = {}): RenderedMail {
  const template = templates[templateKey];
  if (!template) throw new Error(`Unknown mail template ${templateKey}`);
  return template(values, secrets);
}
