/**
 * The conversation's ratings as the admin reads them: the student's and the speaker's, each with
 * its stars, comment, author and date (the participants see only their own).
 */
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n/useT';

export interface AdminRating {
  rating: number;
  comment: string | null;
  role: string;
  ratedOn: string;
  ratedBy: { id: string; displayName: string | null; emailAddress: string } | null;
}

export function RatingsList({ ratings, format }: { ratings: AdminRating[]; format: (iso: string) => string }) {
  const t = useT();
  if (ratings.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('admin.ratings.none')}
      </Typography>
    );
  return (
    <Stack spacing={2} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {ratings.map((r) => {
        const who = r.ratedBy?.displayName ?? r.ratedBy?.emailAddress ?? t('admin.chat.someone');
        const role = t('admin.ratings.role', { role: r.role });
        return (
          <Stack component="li" key={`${r.role}-${r.ratedOn}`} spacing={0.5} aria-label={t('admin.ratings.ofRole', { role: r.role })}>
            <Typography variant="subtitle2" component="h3">
              {role} · {who}
            </Typography>
            <Stack direction="row" spacing={1} alignItems="center">
              <Rating value={r.rating} readOnly size="small" aria-label={t('conversation.rating.outOf', { rating: r.rating })} />
              <Typography variant="body2" color="text.secondary">
                {format(r.ratedOn)}
              </Typography>
            </Stack>
            {r.comment && <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{r.comment}</Typography>}
          </Stack>
        );
      })}
    </Stack>
  );
}
