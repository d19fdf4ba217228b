/**
 * The frame of an admin show page (/admin/<resource>/:id): loading, the error or not-found message,
 * then the breadcrumb back to the list, the page's heading and its content.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';

interface ShowFrameProps<T> {
  /** What react-admin's useGetOne answered. */
  record: { data: T | undefined; error: unknown; isPending: boolean };
  /** 'the course', in the page's language: used in 'Loading the course' and 'The course was not found.' */
  what: string;
  list: { path: string; label: string };
  /** The breadcrumb's last item and the heading, from the record. */
  crumb(data: T): ReactNode;
  title(data: T): ReactNode;
  children(data: T): ReactNode;
}

export function ShowFrame<T>({ record: { data, error, isPending }, what, list, crumb, title, children }: ShowFrameProps<T>) {
  const t = useT();
  if (isPending) return <Loading label={t('admin.show.loading', { what })} />;
  if (error || !data) {
    const sentence = t('admin.show.notFound', { what });
    const notFound = `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`;
    return (
      <Box sx={{ p: 4 }}>
        <Alert severity="error">{error ? errorMessage(error) : notFound}</Alert>
      </Box>
    );
  }
  return (
    <Box sx={{ px: { xs: 2, md: 4 }, py: 3, maxWidth: 1200 }}>
      <Breadcrumbs aria-label={t('admin.show.breadcrumb')} sx={{ mb: 1 }}>
        <Link component={RouterLink} to={list.path}>
          {list.label}
        </Link>
        <Typography color="text.primary">{crumb(data)}</Typography>
      </Breadcrumbs>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {title(data)}
      </Typography>
      {children(data)}
    </Box>
  );
}

/** A titled card of a show page, labelled by its heading. */
export function ShowSection({
  id,
  title,
  fullHeight = false,
  children,
}: {
  id: string;
  title: string;
  fullHeight?: boolean;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={fullHeight ? { height: '100%' } : undefined}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
