// issue 17 renewal consult: on the review page of a renewal order, the prescription being renewed
// ("Renewal of prescription Metformin ER 500 mg, written Mar 3, 2025 by Dr. Ana Ruiz") with its
// details, and the patient's answers beside those of the consult it was prefilled from: each
// changed, new or no longer given answer shown old → new, the unchanged ones collapsed.
import type { RenewalAnswerDiff, RenewalReview } from '@store/domain';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { answerText } from '../reviewFormat';

const dateOf = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));

const CHANGE_LABELS: Record<Exclude<RenewalAnswerDiff['change'], 'unchanged'>, string> = {
  changed: 'Changed',
  new: 'New answer',
  removed: 'Not answered this time',
};

function text(answer: unknown, labels: string[] | undefined, type: string): string {
  return labels?.length ? labels.join(', ') : answerText(type, answer);
}

function ChangedRow({ diff }: { diff: RenewalAnswerDiff }) {
  // A file of the earlier consult is not among this order's uploads below.
  const earlierFiles = Array.isArray(diff.previous) ? diff.previous.length : 0;
  const before =
    diff.change === 'new'
      ? '—'
      : diff.type === 'file_upload'
        ? `${earlierFiles} file${earlierFiles === 1 ? '' : 's'} with the earlier consult`
        : text(diff.previous, diff.previousLabels, diff.type);
  const after = diff.change === 'removed' ? '—' : text(diff.current, diff.currentLabels, diff.type);
  return (
    <ListItem disableGutters data-change={diff.change} sx={{ borderLeft: 4, borderColor: 'warning.main', pl: 1.5, mb: 0.5 }}>
      <ListItemText
        primary={
          <>
            {diff.label}{' '}
            <Chip size="small" variant="outlined" label={CHANGE_LABELS[diff.change as keyof typeof CHANGE_LABELS]} />
          </>
        }
        secondary={
          <Typography component="span" sx={{ display: 'block', color: 'text.primary' }}>
            <span>{before}</span> → <strong>{after}</strong>
          </Typography>
        }
      />
    </ListItem>
  );
}

export function RenewalChanges({ renewal }: { renewal: RenewalReview }) {
  const rx = renewal.prescription;
  const changed = renewal.answers.filter((a) => a.change !== 'unchanged');
  const unchanged = renewal.answers.filter((a) => a.change === 'unchanged');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="review-renewal" sx={{ p: 2, borderColor: 'warning.main' }}>
      <Typography variant="h2" id="review-renewal" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Renewal of prescription {rx.medication} {rx.strength}, written {dateOf(rx.writtenAt)}
        {rx.doctorName ? ` by ${rx.doctorName}` : ''}
      </Typography>
      <Typography>
        {rx.quantity} {rx.form} · {rx.daysSupply} days · {rx.directions}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Refills: {rx.refillsLeft} of {rx.refillsAuthorized} left · valid until {dateOf(rx.expiresAt)}
        {renewal.planId ? ' · opened by the patient’s auto-refill' : ' · the patient asked for the renewal'}
      </Typography>

      <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
        What changed since the last consult
        {renewal.previousConsult ? ` (${dateOf(renewal.previousConsult.submittedAt)})` : ''}
      </Typography>
      {!renewal.previousConsult ? (
        <Typography>There was no earlier consult to compare with: every answer is new.</Typography>
      ) : changed.length === 0 ? (
        <Typography>Nothing changed: the patient confirmed every answer.</Typography>
      ) : (
        <List dense aria-label="Changed answers">
          {changed.map((d) => (
            <ChangedRow key={d.questionId} diff={d} />
          ))}
        </List>
      )}
      {renewal.droppedQuestionIds.length > 0 ? (
        <Typography color="text.secondary">
          {renewal.droppedQuestionIds.length} earlier answer{renewal.droppedQuestionIds.length === 1 ? ' was' : 's were'} not carried over: the
          questionnaire no longer asks {renewal.droppedQuestionIds.length === 1 ? 'that question' : 'those questions'}.
        </Typography>
      ) : null}
      {unchanged.length > 0 ? (
        <Stack sx={{ mt: 1 }}>
          <Accordion disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="renewal-unchanged" id="renewal-unchanged-summary">
              <Typography>
                {unchanged.length} answer{unchanged.length === 1 ? '' : 's'} unchanged
              </Typography>
            </AccordionSummary>
            <AccordionDetails id="renewal-unchanged">
              <List dense aria-label="Unchanged answers">
                {unchanged.map((d) => (
                  <ListItem key={d.questionId} disableGutters>
                    <ListItemText primary={d.label} secondary={`${text(d.current, d.currentLabels, d.type)} · unchanged`} />
                  </ListItem>
                ))}
              </List>
            </AccordionDetails>
          </Accordion>
        </Stack>
      ) : null}
    </Paper>
  );
}
