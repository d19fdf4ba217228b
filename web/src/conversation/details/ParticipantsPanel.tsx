/**
 * The details panels' Participants (spec 2, "Conversation details panels"): each participant with
 * their connection history (Connected On, Disconnected On, Connected For, the total, 'CURRENTLY
 * CONNECTED'), and a History drawer of earlier conversations between the same two people (a count
 * badge, View buttons, a 'Currently viewing' marker, Close). Times in the viewer's zone.
 */
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { SideScroll } from '../../components/SideScroll';
import { formatDateTime } from '../../lib/time';
import { connectionRows, formatSeconds, type ParticipantEventLike } from './connections';
import { useT } from '../../i18n/useT';

export interface PanelParticipant {
  id: string;
  role: string;
  name: string;
  isConnected: boolean;
  connectedFor: number;
  participantEvents: ParticipantEventLike[];
}

export function ParticipantsPanel(props: {
  participants: PanelParticipant[];
  pastConversations: { id: string; reservedStart: string }[];
  pastConversationsCount: number;
  /** Where a conversation's details live for this viewer, e.g. id => `/speaker/conversations/${id}`. */
  linkTo: (conversationId: string) => string;
  zone: string | undefined;
}) {
  const t = useT();
  const [historyOpen, setHistoryOpen] = useState(false);
  const now = new Date();
  return (
    <Stack spacing={2}>
      {props.participants.map((p) => {
        const rows = connectionRows(p.participantEvents, now);
        return (
          <Box key={p.id}>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 0.5 }}>
              <Typography variant="subtitle1" component="h3">
                {p.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {p.role}
              </Typography>
              {p.isConnected && <Chip size="small" color="success" label={t('conversation.participants.connected')} />}
            </Stack>
            {rows.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('conversation.participants.notYet')}
              </Typography>
            ) : (
              <SideScroll>
                <Table size="small" aria-label={t('conversation.participants.history', { name: p.name })}>
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ pl: 0 }}>{t('conversation.participants.connectedOn')}</TableCell>
                      <TableCell>{t('conversation.participants.disconnectedOn')}</TableCell>
                      <TableCell align="right">{t('conversation.participants.connectedFor')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((r) => (
                      <TableRow key={r.connectedOn}>
                        <TableCell sx={{ pl: 0 }}>{formatDateTime(r.connectedOn, props.zone)}</TableCell>
                        <TableCell>
                          {r.disconnectedOn ? formatDateTime(r.disconnectedOn, props.zone) : t('conversation.participants.connected')}
                        </TableCell>
                        <TableCell align="right">{formatSeconds(r.seconds)}</TableCell>
                      </TableRow>
                    ))}
                    <TableRow>
                      <TableCell sx={{ pl: 0, fontWeight: 500 }} colSpan={2}>
                        {t('conversation.participants.total')}
                      </TableCell>
                      <TableCell align="right" sx={{ fontWeight: 500 }}>
                        {formatSeconds(p.connectedFor)}
                      </TableCell>
                    </TableRow>
                  </TableBody>
                </Table>
              </SideScroll>
            )}
          </Box>
        );
      })}
      <Box>
        <Badge badgeContent={props.pastConversationsCount} color="primary" showZero>
          <Button variant="outlined" size="small" onClick={() => setHistoryOpen(true)}>
            {t('conversation.participants.historyButton')}
          </Button>
        </Badge>
      </Box>
      <Drawer anchor="right" open={historyOpen} onClose={() => setHistoryOpen(false)}>
        <Box sx={{ width: { xs: 300, sm: 360 }, p: 2 }} role="region" aria-label={t('conversation.participants.earlier')}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('conversation.participants.earlierTogether')}
          </Typography>
          <List dense>
            <ListItem disableGutters secondaryAction={<Chip size="small" label={t('conversation.participants.viewing')} />}>
              <ListItemText primary={t('conversation.participants.this')} />
            </ListItem>
            {props.pastConversations.map((c) => (
              <ListItem
                key={c.id}
                disableGutters
                secondaryAction={
                  <Button size="small" component={RouterLink} to={props.linkTo(c.id)} onClick={() => setHistoryOpen(false)}>
                    {t('conversation.participants.view')}
                  </Button>
                }
              >
                <ListItemText primary={formatDateTime(c.reservedStart, props.zone)} />
              </ListItem>
            ))}
          </List>
          {props.pastConversations.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('conversation.participants.none')}
            </Typography>
          )}
          <Button onClick={() => setHistoryOpen(false)}>{t('conversation.participants.close')}</Button>
        </Box>
      </Drawer>
    </Stack>
  );
}
