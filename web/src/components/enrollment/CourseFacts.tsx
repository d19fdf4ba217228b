import { languageName } from '../../lib/languageName';
import { formatMoney, priceOrContactSales } from '../../lib/money';
import type { CourseSummary } from './operations';
import { FactsTable } from '../FactsTable';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A course's facts and prices ('Price Per Student' is the total, 'Price Per Conversation' the unit). */
export function CourseFacts({ course, showPrices = true }: { course: CourseSummary; showPrices?: boolean }) {
  const rows: [string, string][] = [
    ['Class', course.name],
    ['Language', languageName(course.language)],
    ['Proficiency', capitalize(course.proficiency)],
    ['Conversations', `${course.prices?.totalQuantity ?? course.completionRequirement} × ${course.durationRequirement} minutes`],
  ];
  if (course.owner) rows.push(['Instructor', course.owner.displayName ?? course.owner.emailAddress ?? '—']);
  if (course.owner?.school) rows.push(['School', course.owner.school]);
  if (showPrices && course.priceAgreement.kind !== 'institutional') {
    rows.push(['Price Per Conversation', priceOrContactSales(course.prices?.unitPrice)]);
    rows.push(['Price Per Student', priceOrContactSales(course.prices?.totalPrice)]);
  }
  if (showPrices && course.priceAgreement.kind === 'institutional') rows.push(['Price', 'Paid by your school']);
  return <FactsTable rows={rows} label="Course details" />;
}

export { formatMoney };
