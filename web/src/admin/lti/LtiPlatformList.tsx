/**
 * /admin/lti_platforms (issue 33): this tool's URLs for the LMS, and the registered platforms, paged,
 * sorted and filtered on the server; a row opens the platform's page, where it is edited.
 */
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { useT } from '../../i18n/useT';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue, TimeField } from '../list/fields';
import { useCursorList } from '../list/useCursorList';
import { ToolUrls } from './ToolUrls';

const DEFAULTS = defaultTableState({ sort: [{ field: 'name', sort: 'asc' }] });

function Deployments(_: { label?: string; sortable?: boolean }) {
  const platform = useRecordContext<{ deploymentIds: string[] }>();
  return platform ? <Typography variant="body2">{platform.deploymentIds.join(', ')}</Typography> : null;
}

export function LtiPlatformList() {
  const t = useT();
  const list = useCursorList({ resource: 'lti_platforms', defaults: DEFAULTS });
  const filters: FilterField[] = [
    { source: 'name', label: t('admin.lti.field.name'), kind: 'text' },
    { source: 'issuer', label: t('admin.lti.field.issuer'), kind: 'text' },
  ];
  const columns: Column[] = [
    { source: 'name', label: t('admin.lti.field.name'), field: <TextValue source="name" /> },
    { source: 'issuer', label: t('admin.lti.field.issuer'), field: <TextValue source="issuer" /> },
    { source: 'clientId', label: t('admin.lti.field.clientId'), field: <TextValue source="clientId" />, sortable: false },
    { source: 'deploymentIds', label: t('admin.lti.field.deploymentIds'), field: <Deployments />, sortable: false },
    { source: 'registeredAt', label: t('admin.lti.registeredAt'), field: <TimeField source="registeredAt" /> },
  ];
  return (
    <Page title={t('admin.lti.title')}>
      <ToolUrls />
      <CursorListView
        list={list}
        columns={columns}
        filters={filters}
        toolbar={
          <Button component={RouterLink} to="/admin/lti_platforms/create" variant="contained" startIcon={<AddIcon />}>
            {t('admin.lti.register')}
          </Button>
        }
        rowClick={(id) => `/admin/lti_platforms/${encodeURIComponent(String(id))}`}
        empty={<EmptyState compact title={t('admin.lti.empty.title')} description={t('admin.lti.empty.description')} />}
      />
    </Page>
  );
}
