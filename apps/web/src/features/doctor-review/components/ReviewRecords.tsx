// What the doctor reads before deciding (issue 15 "Review"): the consult answers in questionnaire
// order (flagged ones highlighted with the operator's note), BMI, age and sex, medications and
// allergies, the pharmacy, earlier orders and decisions, questions and answers (new ones marked),
// and the uploads shown inline (images) or as links (PDFs).
import { DECLINE_REASONS, type ReviewAnswer, type ReviewDetail } from '@store/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { reviewUploadUrl } from '../api/doctor-review.api';
import { answerText, formatSize, formatWhen } from '../reviewFormat';
import { RenewalChanges } from './RenewalChanges';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography variant="h2" id={id} sx={{ fontSize: '1.25rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function AnswerRow({ answer }: { answer: ReviewAnswer }) {
  const flagged = answer.flag !== null;
  return (
    <ListItem
      disableGutters
      data-flagged={flagged || undefined}
      sx={flagged ? { bgcolor: 'warning.light', px: 1, borderRadius: 1 } : undefined}
    >
      <ListItemText
        primary={answer.label}
        secondary={
          <>
            <Typography component="span" sx={{ display: 'block', color: 'text.primary' }}>
              {answer.optionLabels?.length ? answer.optionLabels.join(', ') : answerText(answer.type, answer.answer)}
            </Typography>
            {answer.flag ? (
              <Typography component="span" sx={{ display: 'block', fontWeight: 'bold' }}>
                Flagged: {answer.flag.note}
              </Typography>
            ) : null}
          </>
        }
      />
    </ListItem>
  );
}

export function ReviewRecords({ detail }: { detail: ReviewDetail }) {
  const uploads = new Map(detail.uploads.map((u) => [u.id, u]));
  return (
    <Stack spacing={2}>
      {detail.renewal ? <RenewalChanges renewal={detail.renewal} /> : null}
      <Section id="review-patient" title="Patient">
        <Typography>
          Age: {detail.patient.age ?? '—'} · Sex at birth: {detail.patient.sex ?? '—'} · BMI: {detail.bmi ?? '—'} · State: {detail.state ?? '—'}
        </Typography>
        <Typography>Medications: {detail.medications ? answerText('medications', detail.medications) : '—'}</Typography>
        <Typography>Allergies: {detail.allergies ? answerText('allergies', detail.allergies) : '—'}</Typography>
      </Section>

      {detail.consults.length === 0 ? (
        <Section id="review-answers" title="Consult answers">
          <Typography>No consult answers for this order.</Typography>
        </Section>
      ) : (
        detail.consults.map((c) => (
          <Section key={c.consultId} id={`review-consult-${c.consultId}`} title={`${c.questionnaire.title} (version ${c.questionnaire.version})`}>
            <List dense>
              {c.answers.map((a) => (
                <AnswerRow key={a.questionId} answer={a} />
              ))}
            </List>
          </Section>
        ))
      )}

      <Section id="review-questions" title="Questions to the patient">
        {detail.infoRequests.length === 0 ? (
          <Typography>No questions asked yet.</Typography>
        ) : (
          <List dense>
            {detail.infoRequests.map((r) => (
              <ListItem key={r.id} disableGutters>
                <ListItemText
                  primary={
                    <>
                      {r.question} {r.isNew ? <Chip size="small" color="info" label="New answer" /> : null}
                    </>
                  }
                  secondary={r.answer ? `Answer: ${r.answer}` : 'Waiting for the patient'}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>

      <Section id="review-uploads" title="Uploads">
        {uploads.size === 0 ? (
          <Typography>No uploads.</Typography>
        ) : (
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {[...uploads.values()].map((u) =>
              u.contentType.startsWith('image/') && u.contentType !== 'image/heic' ? (
                <Box key={u.id} component="figure" sx={{ m: 0 }}>
                  <Box component="img" src={reviewUploadUrl(detail.orderId, u.id)} alt={`Patient upload ${u.originalName}`} sx={{ maxWidth: 320, maxHeight: 320, display: 'block' }} />
                  <Typography component="figcaption" variant="body2">
                    {u.originalName} · {formatSize(u.sizeBytes)}
                  </Typography>
                </Box>
              ) : (
                <Link key={u.id} href={reviewUploadUrl(detail.orderId, u.id)} target="_blank" rel="noopener">
                  {u.originalName} ({u.contentType === 'application/pdf' ? 'PDF' : u.contentType}, {formatSize(u.sizeBytes)})
                </Link>
              ),
            )}
          </Stack>
        )}
      </Section>

      <Section id="review-pharmacy" title="Pharmacy">
        {detail.pharmacy ? (
          <Typography>
            {detail.pharmacy.name} · {detail.pharmacy.address}
            {detail.pharmacy.phone ? ` · ${detail.pharmacy.phone}` : ''}
          </Typography>
        ) : (
          <Typography>No pharmacy chosen.</Typography>
        )}
      </Section>

      <Section id="review-history" title="Earlier orders">
        {detail.history.length === 0 ? (
          <Typography>No earlier orders.</Typography>
        ) : (
          <List dense>
            {detail.history.map((h) => (
              <ListItem key={h.orderId} disableGutters>
                <ListItemText
                  primary={`${h.orderNumber} · ${h.products.join(', ')} · ${h.status}`}
                  secondary={
                    h.decisions.length === 0
                      ? formatWhen(h.createdAt)
                      : h.decisions
                          .map((d) => `${d.kind}${d.reasonCode && d.reasonCode in DECLINE_REASONS ? ` (${d.reasonCode})` : ''} ${formatWhen(d.at)}`)
                          .join('; ')
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
    </Stack>
  );
}
