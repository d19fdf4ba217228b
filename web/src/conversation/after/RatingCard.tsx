/**
 * Rate a conversation after it ended (issue 10, beyond the spec): 1 to 5 stars and an optional
 * comment, once; afterwards the card shows the viewer's own rating (never the other person's).
 */
import { useMutation } from '@apollo/client';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FEEDBACK_COMMENT_MAX } from '../../../../contracts/afterConversation';
import { notifyError, notifySuccess } from '../../components/snackbars';
import { errorMessage } from '../../lib/errors';
import { RATE_CONVERSATION, type OwnRating } from './operations';
import { useT } from '../../i18n/useT';

export function RatingCard({
  conversation: c,
  who,
}: {
  conversation: { id: string; isRatable: boolean; ratings: OwnRating[] };
  who: string;
}) {
  const t = useT();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [rate, { loading }] = useMutation(RATE_CONVERSATION, { context: { quiet: true } });
  const mine = c.ratings[0];
  if (!c.isRatable && !mine) return null;
  const submit = async () => {
    if (!rating) return;
    try {
      await rate({ variables: { input: { conversationId: c.id, rating, comment: comment.trim() || null } } });
      notifySuccess(t('conversation.rating.thanks'));
    } catch (cause) {
      notifyError(errorMessage(cause));
    }
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="card-rating">
      <CardContent>
        <Typography id="card-rating" variant="h6" component="h2" gutterBottom>
          {t(mine ? 'conversation.rating.yours' : 'conversation.rating.rate')}
        </Typography>
        {mine ? (
          <Stack spacing={1}>
            <Rating value={mine.rating} readOnly aria-label={t('conversation.rating.outOf', { rating: mine.rating })} />
            {mine.comment && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{mine.comment}</Typography>}
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('conversation.rating.how', { who })}
            </Typography>
            <Rating name={`rating-${c.id}`} value={rating} onChange={(_e, v) => setRating(v)} aria-label={t('conversation.rating.stars')} />
            <TextField
              label={t('conversation.rating.comment')}
              multiline
              minRows={2}
              value={comment}
              onChange={(e) => setComment(e.target.value.slice(0, FEEDBACK_COMMENT_MAX))}
              helperText={`${comment.length} / ${FEEDBACK_COMMENT_MAX}`}
            />
            <div>
              <Button variant="contained" disabled={!rating || loading} onClick={submit}>
                {t('conversation.rating.send')}
              </Button>
            </div>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
