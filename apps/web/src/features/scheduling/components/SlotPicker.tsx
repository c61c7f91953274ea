// Pick a day, then a time, shown in the patient's zone (detected, changeable from a list). Fully
// usable by keyboard: the days are tabs (arrow keys, Home, End move and select), the times a group
// of toggle buttons with one tab stop (arrow keys, Home, End move; Enter or Space picks).
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SlotDay } from '../api/scheduling.api';
import { formatDayLong, formatDayTab, formatSlotTime, timeZoneLabel, timeZoneOptions } from '../time';

export interface SlotPickerProps {
  days: SlotDay[];
  timeZone: string;
  onTimeZoneChange: (timeZone: string) => void;
  /** The chosen slot's start (ISO), or null. */
  value: string | null;
  onChange: (startsAt: string) => void;
  disabled?: boolean;
}

const focusRing = {
  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: '2px' },
} as const;

/** Which index an arrow, Home or End key moves to in a row of `count` (wrapping), or null. */
export function moveIndex(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export function SlotPicker({ days, timeZone, onTimeZoneChange, value, onChange, disabled = false }: SlotPickerProps) {
  const id = useId();
  const dayOfValue = value ? days.find((d) => d.slots.some((s) => s.startsAt === value))?.date : undefined;
  const [chosenDate, setChosenDate] = useState<string | null>(dayOfValue ?? null);
  // A date no longer offered (new zone, refreshed slots) falls back to the first day.
  const selectedDate = days.some((d) => d.date === chosenDate) ? chosenDate! : (dayOfValue ?? days[0]?.date ?? null);
  const selectedIndex = Math.max(0, days.findIndex((d) => d.date === selectedDate));
  const day = days[selectedIndex];
  const dayRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const slotRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusedSlot, setFocusedSlot] = useState<number | null>(null);

  const slots = day?.slots ?? [];
  const selectedSlot = slots.findIndex((s) => s.startsAt === value);
  // The one tab stop among the times: the last focused, else the chosen one, else the first.
  const tabStop = focusedSlot !== null && focusedSlot < slots.length ? focusedSlot : Math.max(0, selectedSlot);

  function selectDay(index: number, focus: boolean) {
    const next = days[index];
    if (!next) return;
    setChosenDate(next.date);
    setFocusedSlot(null);
    if (focus) dayRefs.current[index]?.focus();
  }

  function onDayKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = moveIndex(event.key, index, days.length);
    if (next === null) return;
    event.preventDefault();
    selectDay(next, true);
  }

  function onSlotKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = moveIndex(event.key, index, slots.length);
    if (next === null) return;
    event.preventDefault();
    setFocusedSlot(next);
    slotRefs.current[next]?.focus();
  }

  const zoneLabel = timeZoneLabel(timeZone);
  const chosenDay = value ? days.find((d) => d.slots.some((s) => s.startsAt === value)) : undefined;

  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Time zone"
        value={timeZone}
        onChange={(event) => onTimeZoneChange(event.target.value)}
        disabled={disabled}
        sx={{ maxWidth: 360 }}
        helperText="Times are shown in this time zone."
      >
        {timeZoneOptions(timeZone).map((option) => (
          <MenuItem key={option.zone} value={option.zone}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>

      <Box
        role="tablist"
        aria-label="Days with open times"
        sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 1 }}
      >
        {days.map((d, index) => {
          const label = formatDayTab(d.date);
          const selected = index === selectedIndex;
          return (
            <ButtonBase
              key={d.date}
              ref={(el: HTMLButtonElement | null) => {
                dayRefs.current[index] = el;
              }}
              role="tab"
              id={`${id}-day-${d.date}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              aria-label={`${formatDayLong(d.date)}, ${d.slots.length} ${d.slots.length === 1 ? 'time' : 'times'}`}
              tabIndex={selected ? 0 : -1}
              disabled={disabled}
              onClick={() => selectDay(index, false)}
              onKeyDown={(event) => onDayKeyDown(event, index)}
              sx={{
                flexDirection: 'column',
                minWidth: 72,
                px: 1.5,
                py: 1,
                borderRadius: 1,
                border: 1,
                borderColor: selected ? 'primary.main' : 'divider',
                bgcolor: selected ? 'primary.main' : 'background.paper',
                color: selected ? 'primary.contrastText' : 'text.primary',
                ...focusRing,
              }}
            >
              <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
                {label.weekday}
              </Typography>
              <Typography component="span" variant="body2">
                {label.day}
              </Typography>
            </ButtonBase>
          );
        })}
      </Box>

      {day ? (
        <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-day-${day.date}`}>
          <Typography variant="h3" component="h3" id={`${id}-times`} sx={{ mb: 1 }}>
            {formatDayLong(day.date)}
          </Typography>
          <Box
            role="group"
            aria-labelledby={`${id}-times`}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(112px, 1fr))', gap: 1 }}
          >
            {slots.map((slot, index) => {
              const pressed = slot.startsAt === value;
              return (
                <ButtonBase
                  key={slot.startsAt}
                  ref={(el: HTMLButtonElement | null) => {
                    slotRefs.current[index] = el;
                  }}
                  aria-pressed={pressed}
                  tabIndex={index === tabStop ? 0 : -1}
                  disabled={disabled}
                  onClick={() => {
                    setFocusedSlot(index);
                    onChange(slot.startsAt);
                  }}
                  onFocus={() => setFocusedSlot(index)}
                  onKeyDown={(event) => onSlotKeyDown(event, index)}
                  sx={{
                    py: 1.25,
                    borderRadius: 1,
                    border: 1,
                    borderColor: pressed ? 'primary.main' : 'divider',
                    bgcolor: pressed ? 'primary.main' : 'background.paper',
                    color: pressed ? 'primary.contrastText' : 'primary.main',
                    fontWeight: 600,
                    fontSize: 16,
                    ...focusRing,
                  }}
                >
                  {formatSlotTime(slot.startsAt, timeZone)}
                </ButtonBase>
              );
            })}
          </Box>
        </Box>
      ) : null}

      <Typography role="status" aria-live="polite" color="text.secondary">
        {chosenDay && value ? `Selected: ${formatDayLong(chosenDay.date)} at ${formatSlotTime(value, timeZone)} ${zoneLabel}` : ''}
      </Typography>
    </Stack>
  );
}
