/**
 * Mail of the instructor's area (registered in ../notifications/templates.ts): a course offered
 * by a share invite (provisioning). Values: courseName, inviteNumber, link (the recipient's course
 * grid, where pending invites are accepted or rejected once signed in with the invited address).
 */
import { escapeHtml, type RenderedMail } from '../notifications/renderedMail';

export const catalogTemplates: Record<string, (values: Record<string, string>) => RenderedMail> = {
  course_share_invite: (values) => ({
    subject: `A course is waiting for you on Tertulia: ${values.courseName}`,
    text: [
      `Hello,`,
      ``,
      `A course was made for you on Tertulia: ${values.courseName}.`,
      `Sign in as an instructor with this email address and accept it to become its owner:`,
      ``,
      values.link,
      ``,
      `If you do not want it, you can reject it there; nothing changes until you answer.`,
    ].join('\n'),
    html: `<p>Hello,</p><p>A course was made for you on Tertulia: <strong>${escapeHtml(values.courseName)}</strong>.</p>
<p>Sign in as an instructor with this email address and accept it to become its owner:</p>
<p><a href="${escapeHtml(values.link)}">Review the course invite</a></p>
<p>If you do not want it, you can reject it there; nothing changes until you answer.</p>`,
  }),
};
