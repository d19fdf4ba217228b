/**
 * "Who looked at my data" (issue 34, docs/decisions/privacy-audit.md) on every role's settings, and
 * on a person's page in the back-office (`personId`): each time an admin was shown the person's
 * personal data, newest first, a page at a time; the admin by display name, never by address.
 */
import { useQuery } from '@apollo/client';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState } from '../components/EmptyState';
import { FormAlert } from '../components/FormAlert';
import { Loading } from '../components/Loading';
import type { DocumentType } from '../gql';
import type { MessageId } from '../i18n/catalog';
import { useT } from '../i18n/useT';
import { errorMessage } from '../lib/errors';
import { formatDateTime } from '../lib/time';
import { PERSONAL_DATA_ACCESSES } from './dataAccessOperations';

const PAGE_SIZE = 10;

type View = DocumentType<typeof PERSONAL_DATA_ACCESSES>['personalDataAccesses']['edges'][number]['node']['view'];

const VIEW_LABELS: Record<View, MessageId> = {
  PERSON_PAGE: 'dataAccess.view.personPage',
  QUICK_SEARCH: 'dataAccess.view.quickSearch',
  DATA_EXPORT: 'dataAccess.view.dataExport',
};

/** Where the page is: the first (newest) page, or after / before a cursor. */
type PageAt = { first: number; after?: string } | { last: number; before: string };

export function DataAccessCard({ personId }: { personId?: string }) {
  const t = useT();
  const [at, setAt] = useState<PageAt>({ first: PAGE_SIZE });
  const { data, error, loading } = useQuery(PERSONAL_DATA_ACCESSES, {
    variables: { personId: personId ?? null, ...at },
    fetchPolicy: 'cache-and-network',
  });
  const forPerson = personId !== undefined;
  const page = data?.personalDataAccesses;
  const zone = data?.me?.tzIdentifier;
  // Newer and Older only when there is more than one page.
  const paged = !!page && (page.pageInfo.hasPreviousPage || page.pageInfo.hasNextPage);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="data-access-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="data-access-title" variant="h6" component="h2" gutterBottom>
        {t(forPerson ? 'dataAccess.titleForPerson' : 'dataAccess.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t(forPerson ? 'dataAccess.helpForPerson' : 'dataAccess.help')}
      </Typography>
      <FormAlert message={error ? errorMessage(error) : null} />
      {!page ? (
        loading && <Loading label={t('dataAccess.loading')} />
      ) : page.totalCount === 0 ? (
        <EmptyState compact title={t(forPerson ? 'dataAccess.emptyForPerson' : 'dataAccess.empty')} testId="data-access-empty" />
      ) : (
        <>
          <List aria-labelledby="data-access-title" data-testid="data-access-list">
            {page.edges.map(({ node }) => (
              <ListItem key={node.id} divider disableGutters>
                <ListItemText
                  primary={t('dataAccess.entry', { who: node.viewerName ?? t('dataAccess.unnamedAdmin'), view: t(VIEW_LABELS[node.view]) })}
                  secondary={
                    <>
                      {formatDateTime(node.viewedAt, zone)}
                      {node.reason && (
                        <Typography component="span" display="block" variant="body2" sx={{ wordBreak: 'break-word' }}>
                          {t('dataAccess.reason', { reason: node.reason })}
                        </Typography>
                      )}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
          <Stack direction="row" spacing={1} alignItems="center" useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
              {t('dataAccess.count', { count: page.totalCount })}
            </Typography>
            {paged && (
              <>
                <Button
                  disabled={!page.pageInfo.hasPreviousPage || !page.pageInfo.startCursor}
                  onClick={() => setAt({ last: PAGE_SIZE, before: page.pageInfo.startCursor ?? '' })}
                >
                  {t('dataAccess.newer')}
                </Button>
                <Button
                  disabled={!page.pageInfo.hasNextPage || !page.pageInfo.endCursor}
                  onClick={() => setAt({ first: PAGE_SIZE, after: page.pageInfo.endCursor ?? undefined })}
                >
                  {t('dataAccess.older')}
                </Button>
              </>
            )}
          </Stack>
        </>
      )}
    </Paper>
  );
}
