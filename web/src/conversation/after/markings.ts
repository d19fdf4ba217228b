import { MARKINGS, type Marking } from '../../../../contracts/afterConversation';
import type { MessageId } from '../../i18n/catalog';

const isMarking = (marking: string): marking is Marking => (MARKINGS as readonly string[]).includes(marking);

/** A marking's label (spec 2, states) in the page's language; a marking this page does not know, as it is. */
export const markingLabel = (marking: string, t: (id: MessageId) => string): string =>
  isMarking(marking) ? t(`conversation.mark.marking.${marking}`) : marking;
