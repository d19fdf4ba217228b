import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { findContractsWords, scanContractsWords } from './contractsWords';

describe("the contracts' English on the web's pages (issue 32)", () => {
  it('is always said through localizeKnown or a snackbar, and a known message', async () => {
    const findings = await findContractsWords();
    assert.deepEqual(
      findings.map((f) => `${f.file}:${f.line} ${f.text}`),
      [],
      "say these through localizeKnown (a known message: contracts/i18n/knownMessages.ts) or the web's catalog",
    );
  });

  it('finds a constant shown, stored or thrown as it is, or given to a localizing call without being known; not one compared, a type or a name', async () => {
    // Beside this file, so that its imports reach contracts/ as a web module's do.
    const dir = fs.mkdtempSync(path.join(fileURLToPath(new URL('.', import.meta.url)), '.sample-'));
    const file = path.join(dir, 'Sample.tsx');
    fs.writeFileSync(
      file,
      `import { CourseMessages } from '../../../contracts/validation/enrollment';
import { ProfileMessages } from '../../../contracts/validation/profile';
import { OutcomeTitles, PRODUCT_NAME } from '../../../contracts/enrollment';
import { LOCALE_NAMES } from '../../../contracts/i18n/locales';
type Key = keyof typeof OutcomeTitles;
export const Page = ({ past, key, fields }: { past: boolean; key: Key; fields: Record<string, string> }) => {
  if (fields.endDate === CourseMessages.endInPast) delete fields.endDate;
  fields.startDate = CourseMessages.startDateRequired;
  fields.endDate = localizeKnown(past ? CourseMessages.endInPast : CourseMessages.endDateRequired);
  notifySuccess(CourseMessages.courseUpdated);
  notifyWarning(CourseMessages.adventureLocked);
  if (past) throw new Error(ProfileMessages.headshotTooLarge);
  return (
    <p title={PRODUCT_NAME} lang={LOCALE_NAMES.fr}>
      {CourseMessages.coursePast}
      {OutcomeTitles[key]}
      {localizeKnown(CourseMessages.coursePast)}
    </p>
  );
};`,
    );
    const found = (await scanContractsWords(file)).map((f) => `${f.line} ${f.text}`);
    fs.rmSync(dir, { recursive: true });
    assert.deepEqual(found, [
      "8 CourseMessages.startDateRequired ('The start date is required.')",
      "11 CourseMessages.adventureLocked ('Adventures cannot be changed here.')",
      "12 ProfileMessages.headshotTooLarge ('The picture is too large: at most 5 MB is accepted. Please choose a smaller one.')",
      "15 CourseMessages.coursePast ('This course has ended and can no longer be changed.')",
      "16 OutcomeTitles[key] ('Enrollment completed successfully!')",
    ]);
  });
});
