/** The README.md inside every data export: what each file holds. */
export const EXPORT_README = `# Your Tertulia data

This archive holds the data Tertulia keeps about you, as it stood when the export was made.
Every JSON file follows the JSON Schema in \`schema.json\` (one entry per file name). Times are
in UTC (ISO 8601). Other people appear only as "the speaker" or "the student" (the other person
in your conversation): their names, addresses and ids are theirs, not part of your export.

| File | What it holds |
| --- | --- |
| \`profile.json\` | Your profile: names, where you live, school, your bios, time zone and language. |
| \`account.json\` | Your account: email address, roles, when it was created, your sign-ins with their IP addresses. Never your password or any token. |
| \`enrollments.json\` | The courses you enrolled in and the lessons you attempted. |
| \`minutes.json\` | Your remaining minutes and every change to them (the minutes ledger). |
| \`conversations.json\` | Every conversation you reserved or held, with its chat: your messages as "you", the other person's as "the speaker" or "the student", the school's staff as "the school". |
| \`ratings.json\` | The ratings you gave, and those you received (without who gave them). |
| \`notes.json\` | The notes written on your conversations (by the speaker for you, or by you as a speaker). |
| \`payroll.json\` | For speakers: your pay by month and each line of it. Empty otherwise. |
| \`mails.json\` | The mails Tertulia sent you: subject, template and the values it was filled with. Links that carried a secret were never stored. |
| \`access.json\` | Each time someone at your school looked at your personal details (your page in the back-office, a search showing your address, an export of your data): the screen, when, and the reason they gave, if any. |
| \`recordings.json\` | Your conversations' recordings; each one's media is in \`recordings/\`. |
| \`headshot.*\` | Your headshot, when you uploaded one. |
| \`schema.json\` | The JSON Schema of the files above. |
`;
