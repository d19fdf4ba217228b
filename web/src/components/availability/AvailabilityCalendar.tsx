/**
 * A speaker's availability as a week calendar in 15-minute slots in one time zone (spec 3,
 * Availability), shared by /speaker/availability and the back-office's speaker tab. FullCalendar
 * (MIT plugins: timegrid, interaction, luxon3 for the named zone) draws it; the server keeps the
 * rules. Add by selecting (or the Add button), change by dragging or resizing (or the event's
 * dialog), remove from the event's dialog. Overlaps and spans over two days are not offered; a
 * refused add, change or removal refetches the events and shows the server's words. Refetched
 * every 20 s (spec 3, section 9).
 */
import { useMutation, useQuery } from '@apollo/client';
import type { DateSelectArg, DatesSetArg, EventChangeArg, EventClickArg, EventMountArg } from '@fullcalendar/core';
import interactionPlugin from '@fullcalendar/interaction';
import luxonPlugin, { toLuxonDateTime } from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DateTime } from 'luxon';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SLOT_MINUTES } from '../../../../contracts/scheduling';
import { notifyError, notifySuccess } from '../snackbars';
import { Message } from '../../i18n/Message';
import { activeLocale, translate } from '../../i18n/translate';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { describeZone, formatTimeRange, formattingLocale, userZone } from '../../lib/time';
import { ADD_AVAILABILITY, AVAILABILITY_OCCURRENCES, CHANGE_AVAILABILITY, REMOVE_AVAILABILITY } from './operations';
import { SLOT_DURATION, toEvents, withinOneDay, type Occurrence } from './rules';
import { AddDialog, fieldsOf, OccurrenceDialog, type Fields } from './AvailabilityDialogs';

export const AVAILABILITY_POLL_MS = 20_000;

interface Props {
  speakerId: string;
  /** The zone the calendar shows and the times are meant in (the speaker's). */
  zoneName: string | null | undefined;
}

export function AvailabilityCalendar({ speakerId, zoneName }: Props) {
  const t = useT();
  const zone = userZone(zoneName);
  const narrow = useMediaQuery('(max-width:599.95px)');
  const calendarRef = useRef<FullCalendar>(null);
  const calendarBox = useRef<HTMLDivElement>(null);
  // The first time the hours are laid out, show them from 08:00 (FullCalendar's scrollTime did this
  // in its own scroller); watched by size, as the grid gets its height after several renders.
  useEffect(() => {
    const root = calendarBox.current;
    if (!root || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (scrollToDayStart(root)) observer.disconnect();
    });
    observer.observe(root);
    if (root.firstElementChild) observer.observe(root.firstElementChild);
    return () => observer.disconnect();
  }, []);
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [adding, setAdding] = useState<{ fields: Fields; repeatsWeekly: boolean } | null>(null);
  const [selected, setSelected] = useState<Occurrence | null>(null);
  const [busy, setBusy] = useState(false);

  const { data, error, loading, refetch } = useQuery(AVAILABILITY_OCCURRENCES, {
    variables: range ? { speakerId, rangeStart: range.start, rangeEnd: range.end, zoneName: zone } : undefined,
    skip: !range,
    fetchPolicy: 'network-only',
    pollInterval: AVAILABILITY_POLL_MS,
    context: { quiet: true },
  });
  const occurrences = useMemo(() => data?.availabilityOccurrences ?? [], [data]);
  const events = useMemo(() => toEvents(occurrences), [occurrences]);
  // The events as they were when the person pressed on the calendar, until the release: a refetch
  // landing meanwhile (the poll, or the one after a change) would redraw them and drop the gesture
  // (a drag, a resize, a selection). Held from the press, not from FullCalendar's drag start, which
  // waits for the pointer to move a few pixels.
  const [held, setHeld] = useState<typeof events | null>(null);
  const holdUntilReleased = () => {
    setHeld(events);
    // Released in a task after the pointer's release, so FullCalendar's own mouseup (which follows
    // pointerup in the same input event) finishes the gesture on the events it began with.
    const release = () => {
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
      setTimeout(() => setHeld(null), 0);
    };
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
  };

  const [addAvailability] = useMutation(ADD_AVAILABILITY, { context: { quiet: true } });
  const [changeAvailability] = useMutation(CHANGE_AVAILABILITY, { context: { quiet: true } });
  const [removeAvailability] = useMutation(REMOVE_AVAILABILITY, { context: { quiet: true } });

  useEffect(() => {
    calendarRef.current?.getApi().changeView(narrow ? 'timeGridDay' : 'timeGridWeek');
  }, [narrow]);

  const refresh = useCallback(() => void refetch().catch(() => undefined), [refetch]);
  /** A refused call: the server's words, and the events as the server has them. */
  const refused = useCallback(
    (cause: unknown) => {
      notifyError(errorMessage(cause));
      refresh();
    },
    [refresh],
  );

  const luxon = (date: Date) => {
    const api = calendarRef.current?.getApi();
    return api ? toLuxonDateTime(date, api) : DateTime.fromJSDate(date, { zone });
  };
  const allowed = (span: { start: Date; end: Date }) => withinOneDay(luxon(span.start), luxon(span.end));

  const [view, setView] = useState<{ title: string; unit: 'week' | 'day'; isCurrent: boolean }>({
    title: '',
    unit: 'week',
    isCurrent: true,
  });
  const onDatesSet = (arg: DatesSetArg) => {
    const now = Date.now();
    setView({
      title: arg.view.title,
      unit: arg.view.type === 'timeGridDay' ? 'day' : 'week',
      isCurrent: arg.start.getTime() <= now && now < arg.end.getTime(),
    });
    const start = toLuxonDateTime(arg.start, arg.view.calendar).toUTC().toISO()!;
    const end = toLuxonDateTime(arg.end, arg.view.calendar).toUTC().toISO()!;
    setRange((old) => (old && old.start === start && old.end === end ? old : { start, end }));
  };

  const onSelect = (arg: DateSelectArg) => {
    arg.view.calendar.unselect();
    setAdding({
      fields: fieldsOf(toLuxonDateTime(arg.start, arg.view.calendar), toLuxonDateTime(arg.end, arg.view.calendar)),
      repeatsWeekly: false,
    });
  };

  const openAdd = () => {
    const next = DateTime.now().setZone(zone).startOf('hour').plus({ hours: 1 });
    setAdding({ fields: fieldsOf(next, next.plus({ hours: 1 })), repeatsWeekly: false });
  };

  const change = async (occurrence: Occurrence, start: DateTime, end: DateTime): Promise<boolean> => {
    try {
      await changeAvailability({
        variables: {
          input: { availabilityId: occurrence.sourceId, startTime: start.toUTC().toISO()!, endTime: end.toUTC().toISO()!, zoneName: zone },
        },
      });
      notifySuccess(translate(occurrence.repeatsWeekly ? 'availability.changedWeekly' : 'availability.changed'));
      refresh();
      return true;
    } catch (cause) {
      refused(cause);
      return false;
    }
  };

  const onEventChange = async (arg: EventChangeArg) => {
    const { event } = arg;
    const occurrence = occurrenceOf(event.extendedProps, arg.oldEvent.startStr, arg.oldEvent.endStr);
    if (!event.start || !event.end) return arg.revert();
    const ok = await change(occurrence, luxon(event.start), luxon(event.end));
    if (!ok) arg.revert();
  };

  const onEventClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    const { event } = arg;
    setSelected(occurrenceOf(event.extendedProps, event.start!.toISOString(), event.end!.toISOString()));
  };

  const onEventMount = (arg: EventMountArg) => {
    const { event } = arg;
    if (!event.start || !event.end) return;
    arg.el.setAttribute(
      'aria-label',
      translate('availability.eventLabel', {
        weekly: event.extendedProps.repeatsWeekly ? 'yes' : 'no',
        time: formatTimeRange(event.start.toISOString(), event.end.toISOString(), zone),
      }),
    );
    arg.el.setAttribute('data-testid', 'availability-event');
  };

  return (
    <Box component="section" aria-label={t('availability.calendar')}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        alignItems={{ sm: 'center' }}
        justifyContent="space-between"
        sx={{ mb: 1 }}
      >
        <Typography data-testid="calendar-zone">
          <Message id="availability.zone" values={{ zone: describeZone(zone) }} tags={{ strong: (words) => <strong>{words}</strong> }} />
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={openAdd}>
          {t('availability.add')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('availability.help', { minutes: SLOT_MINUTES })} {t('availability.weeklyNote')}
      </Typography>
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={refresh}>
              {t('availability.retry')}
            </Button>
          }
        >
          {errorMessage(error)}
        </Alert>
      )}
      <Box sx={{ height: 4, mb: 1 }}>{(loading || busy) && <LinearProgress aria-label={t('availability.loading')} />}</Box>
      {!loading && !error && data && occurrences.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="availability-empty">
          {t('availability.empty', { narrow: narrow ? 'yes' : 'no' })}
        </Alert>
      )}
      {/* The calendar's own toolbar, outside the scrolling hours so it stays in reach. */}
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap sx={{ mb: 1, flexWrap: 'wrap' }}>
        <IconButton aria-label={t('availability.previous', { unit: view.unit })} onClick={() => calendarRef.current?.getApi().prev()}>
          <ChevronLeftIcon />
        </IconButton>
        <IconButton aria-label={t('availability.next', { unit: view.unit })} onClick={() => calendarRef.current?.getApi().next()}>
          <ChevronRightIcon />
        </IconButton>
        <Button variant="outlined" size="small" disabled={view.isCurrent} onClick={() => calendarRef.current?.getApi().today()}>
          {t('availability.today')}
        </Button>
        <Typography component="h2" variant="h6" sx={{ ml: { sm: 1 } }} aria-live="polite">
          {view.title}
        </Typography>
      </Stack>
      {/* The hours scroll inside a focusable region (keyboard users scroll it with the arrow keys). */}
      <Box
        sx={calendarStyles}
        ref={calendarBox}
        tabIndex={0}
        role="region"
        aria-label={t('availability.hours')}
        onPointerDownCapture={holdUntilReleased}
      >
        <FullCalendar
          ref={calendarRef}
          plugins={[timeGridPlugin, interactionPlugin, luxonPlugin]}
          initialView={narrow ? 'timeGridDay' : 'timeGridWeek'}
          timeZone={zone}
          {...pageLanguage()}
          firstDay={1}
          headerToolbar={false}
          stickyHeaderDates
          allDaySlot={false}
          nowIndicator
          slotDuration={SLOT_DURATION}
          snapDuration={SLOT_DURATION}
          slotLabelInterval="01:00"
          scrollTime="08:00:00"
          height="auto"
          selectable
          selectMirror
          editable
          eventInteractive
          selectOverlap={false}
          eventOverlap={false}
          selectAllow={allowed}
          eventAllow={allowed}
          events={held ?? events}
          datesSet={onDatesSet}
          select={onSelect}
          eventChange={onEventChange}
          eventClick={onEventClick}
          eventDidMount={onEventMount}
          eventTimeFormat={{ hour: 'numeric', minute: '2-digit', meridiem: 'short' }}
        />
      </Box>
      {adding && (
        <AddDialog
          zone={zone}
          initial={adding}
          occurrences={occurrences}
          onClose={() => setAdding(null)}
          onSubmit={async (start, end, repeatsWeekly) => {
            setBusy(true);
            try {
              await addAvailability({
                variables: {
                  input: { speakerId, startTime: start.toUTC().toISO()!, endTime: end.toUTC().toISO()!, zoneName: zone, repeatsWeekly },
                },
              });
              notifySuccess(translate('availability.added'));
              setAdding(null);
              refresh();
            } catch (cause) {
              setAdding(null);
              refused(cause);
            } finally {
              setBusy(false);
            }
          }}
        />
      )}
      {selected && (
        <OccurrenceDialog
          zone={zone}
          occurrence={selected}
          onClose={() => setSelected(null)}
          onChange={async (start, end) => {
            setBusy(true);
            const ok = await change(selected, start, end);
            setBusy(false);
            setSelected(null);
            return ok;
          }}
          onRemove={async () => {
            setBusy(true);
            try {
              await removeAvailability({ variables: { input: { availabilityId: selected.sourceId } } });
              notifySuccess(translate('availability.removed'));
              refresh();
            } catch (cause) {
              refused(cause);
            } finally {
              setBusy(false);
              setSelected(null);
            }
          }}
        />
      )}
    </Box>
  );
}

function occurrenceOf(props: Record<string, unknown>, startTimestamp: string, endTimestamp: string): Occurrence {
  return { sourceId: String(props.sourceId), repeatsWeekly: Boolean(props.repeatsWeekly), startTimestamp, endTimestamp };
}

/**
 * FullCalendar draws every hour (height auto) inside our scrolling region, which starts at 08:00 as
 * its own scroller did; its toolbar icons would be unnamed images, so the toolbar is ours (above).
 */
function scrollToDayStart(root: HTMLElement): boolean {
  const lane = root.querySelector<HTMLElement>('td.fc-timegrid-slot-lane[data-time="08:00:00"]');
  if (!lane || root.scrollHeight <= root.clientHeight) return false;
  const header = root.querySelector<HTMLElement>('.fc-col-header')?.offsetHeight ?? 0;
  const offset = lane.getBoundingClientRect().top - root.getBoundingClientRect().top - header;
  if (offset <= 0) return false;
  root.scrollTop += offset;
  return true;
}

/**
 * Day headers, hours and the title in the page's language, through Intl; English keeps FullCalendar's
 * own. Its locales' files are not loaded (each is a chunk) and none of their texts shows (the
 * toolbar is ours). The hours as the 24-hour clock writes them ('08:00', not a bare '8').
 */
function pageLanguage() {
  if (activeLocale() === 'en') return {};
  return { locale: formattingLocale(), slotLabelFormat: { hour: '2-digit', minute: '2-digit', hour12: false } as const };
}

/** Mirrors FullCalendar's look onto the app's theme; readable events and a visible focus. */
const calendarStyles = {
  '& .fc': { fontSize: { xs: '0.8rem', sm: '0.9rem' } },
  height: 640,
  maxHeight: '75vh',
  overflowY: 'auto',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  bgcolor: 'background.paper',
  '& .fc .fc-scrollgrid': { border: 0 },
  '& .fc-event': { backgroundColor: 'success.main', borderColor: 'success.dark', cursor: 'pointer' },
  '& .fc-event:focus-visible': { outline: '3px solid #ff9800', outlineOffset: 1 },
  '& .fc-timegrid-slot': { height: '1.1em' },
} as const;
