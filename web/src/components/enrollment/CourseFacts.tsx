import { useT } from '../../i18n/useT';
import { languageName } from '../../lib/languageName';
import { formatMoney, priceOrContactSales } from '../../lib/money';
import type { CourseSummary } from './operations';
import { FactsTable } from '../FactsTable';

const LEVELS = ['beginner', 'intermediate', 'advanced'];

/** A course's facts and prices ('Price Per Student' is the total, 'Price Per Conversation' the unit). */
export function CourseFacts({ course, showPrices = true }: { course: CourseSummary; showPrices?: boolean }) {
  const t = useT();
  const level = LEVELS.includes(course.proficiency) ? t(`student.courses.level.${course.proficiency as 'beginner'}`) : course.proficiency;
  const rows: [string, string][] = [
    [t('enrollment.facts.class'), course.name],
    [t('enrollment.facts.language'), languageName(course.language)],
    [t('enrollment.facts.proficiency'), level],
    [
      t('enrollment.facts.conversations'),
      t('enrollment.facts.conversationsValue', {
        count: course.prices?.totalQuantity ?? course.completionRequirement,
        minutes: course.durationRequirement,
      }),
    ],
  ];
  if (course.owner) rows.push([t('enrollment.facts.instructor'), course.owner.displayName ?? course.owner.emailAddress ?? '—']);
  if (course.owner?.school) rows.push([t('enrollment.facts.school'), course.owner.school]);
  if (showPrices && course.priceAgreement.kind !== 'institutional') {
    rows.push([t('enrollment.facts.pricePerConversation'), priceOrContactSales(course.prices?.unitPrice)]);
    rows.push([t('enrollment.facts.pricePerStudent'), priceOrContactSales(course.prices?.totalPrice)]);
  }
  if (showPrices && course.priceAgreement.kind === 'institutional')
    rows.push([t('enrollment.facts.price'), t('enrollment.facts.paidBySchool')]);
  return <FactsTable rows={rows} label={t('enrollment.facts.label')} />;
}

export { formatMoney };
