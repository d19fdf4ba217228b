/**
 * Each back-office resource's icon, apart from its pages: the sidebar draws them before react-admin
 * and the resources load (issue 31, first load).
 */
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import BadgeIcon from '@mui/icons-material/Badge';
import CastForEducationIcon from '@mui/icons-material/CastForEducation';
import ClassIcon from '@mui/icons-material/Class';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import DraftsIcon from '@mui/icons-material/Drafts';
import ForumIcon from '@mui/icons-material/Forum';
import KeyIcon from '@mui/icons-material/Key';
import MailIcon from '@mui/icons-material/Mail';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import SchoolIcon from '@mui/icons-material/School';
import SellIcon from '@mui/icons-material/Sell';
import TopicIcon from '@mui/icons-material/Topic';

export const RESOURCE_ICONS = {
  codes: ConfirmationNumberIcon,
  conversations: ForumIcon,
  courses: ClassIcon,
  groups: AccountBalanceIcon,
  identityProviders: KeyIcon,
  lessons: TopicIcon,
  pricingPlans: SellIcon,
  instructors: CastForEducationIcon,
  notifications: MailIcon,
  mailTemplates: DraftsIcon,
  profiles: BadgeIcon,
  speakers: RecordVoiceOverIcon,
  students: SchoolIcon,
};
