import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { GroupList } from './GroupList';
import { GroupShow } from './GroupShow';

/** The groups resource (issue 11): schools instructors name; the table and a group's page. */
export default { list: GroupList, edit: GroupShow, icon: AccountBalanceIcon };
