import { client } from '../lib/apollo';
import { createAdminCalls } from './dataProvider/calls';

/** The back-office's own calls, without react-admin: the dashboard and the sidebar use them before it loads. */
export const adminCalls = createAdminCalls(client);
