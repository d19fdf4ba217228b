/** The refusals of domain/catalog/ (issue 32: registered in services/i18n/knownErrors.ts, area 'catalog'). */
export const CatalogMessages = {
  templateNotFound: 'The template was not found.',
  templateNotOwner: 'Only the template owner can use it.',
  templateExists: 'The template already exists.',
  pricingPlanNotFound: 'The pricing plan was not found.',
  pricingPlanExists: 'The pricing plan already exists.',
  courseExists: 'The course already exists.',
  courseNotFound: 'The course was not found.',
  courseNotOwner: 'Only the course owner can change it.',
  lessonNotFound: 'The lesson was not found.',
  noInviteNumber: 'No free invite number was found. Please try again.',
  shareInviteNotFound: 'The share invite was not found.',
} as const;
