// SPEC §1 "rate doctors", §2 "doctor rating", CONFIRM (issue 16 "after a completed visit or review
// the patient rates 1–5 with an optional comment, once per order"): the stars (MUI Rating: radio
// inputs, arrow keys move between them, each labelled "N stars") and a comment, through the form kit
// with the domain's ratingInputSchema. After rating: thanks with the stars given; rated before: the
// saved rating; not rateable yet: no form.
import { zodResolver } from '@hookform/resolvers/zod';
import { ACTION_LABELS, RATING_COMMENT_MAX, ratingInputSchema } from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useFormSubmit } from '@/lib/forms';
import { useRateDoctor, visitKeys, type OrderRating } from '../api/visit.api';
import { doctorTitle } from '../format';

export const starsLabel = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;
export const RATING_THANKS = 'Thank you for rating your doctor.';
export const ALREADY_RATED_TEXT =
  'You had already rated your doctor for this order. This is the rating we keep:';
export const NOT_RATEABLE_TEXT =
  'You can rate your doctor once your visit is over or your doctor has decided on your order.';

type RatingValues = z.input<typeof ratingInputSchema>;

/** A rating already given, read-only: the stars as an image with its words, and the comment. */
function SavedRating({ rating }: { rating: NonNullable<OrderRating['rating']> }) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Rating value={rating.stars} readOnly getLabelText={starsLabel} />
        <Typography data-testid="saved-stars">{`${rating.stars} out of 5 stars`}</Typography>
      </Stack>
      {rating.comment ? (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          “{rating.comment}”
        </Typography>
      ) : null}
    </Stack>
  );
}

function RatingForm({
  orderId,
  doctorName,
  onRated,
  onExisted,
}: {
  orderId: string;
  doctorName: string;
  onRated: () => void;
  onExisted: () => void;
}) {
  const queryClient = useQueryClient();
  const rate = useRateDoctor(orderId);
  const legendId = useId();
  const errorId = useId();
  const starsGroup = useRef<HTMLFieldSetElement>(null);
  const form = useForm<RatingValues, unknown, z.output<typeof ratingInputSchema>>({
    resolver: zodResolver(ratingInputSchema),
    // No stars yet: CONFIRM asks for them (the schema's message).
    defaultValues: { stars: undefined as unknown as number, comment: '' },
  });
  const submit = useFormSubmit(form, ['stars', 'comment'], (values) => rate.mutateAsync(values), {
    onSuccess: onRated,
    onError: (error) => {
      // Rated already (another tab): the saved rating replaces the form.
      if (isApiError(error) && error.code === 'RATING_EXISTS') {
        onExisted();
        void queryClient.invalidateQueries({ queryKey: visitKeys.rating(orderId) });
        return;
      }
      submit.setError(error);
    },
    onInvalid: (errors) => {
      // The group (its legend and the error are read out), not a radio: focusing a star lights it
      // up as if chosen, and focusing "No stars" makes MUI lay its label over all five stars, so a
      // tap on a star then picks "No stars" again and the patient cannot choose one.
      if (errors.stars) starsGroup.current?.focus();
    },
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit.onSubmit}
      aria-label={`Rate ${doctorName}`}
    >
      <Controller
        control={form.control}
        name="stars"
        render={({ field, fieldState }) => (
          <Box
            component="fieldset"
            ref={starsGroup}
            tabIndex={-1}
            sx={{ border: 0, m: 0, p: 0 }}
            aria-describedby={fieldState.error ? errorId : undefined}
          >
            <Typography component="legend" id={legendId} sx={{ mb: 0.5, p: 0 }}>
              How was your visit with {doctorName}?
            </Typography>
            <Box>
              <Rating
                name={`rating-${legendId}`}
                value={typeof field.value === 'number' ? field.value : null}
                onChange={(_event, value) => field.onChange(value ?? undefined)}
                onBlur={field.onBlur}
                getLabelText={starsLabel}
                emptyLabelText="No stars"
                size="large"
                sx={{ fontSize: { xs: 44, sm: 40 } }}
              />
            </Box>
            {fieldState.error ? (
              <FormHelperText id={errorId} error role="alert">
                {fieldState.error.message}
              </FormHelperText>
            ) : null}
          </Box>
        )}
      />
      <FormTextField
        control={form.control}
        name="comment"
        label="Comment (optional)"
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: RATING_COMMENT_MAX } }}
      />
      <FormAlert error={submit.error} />
      <StatusButton
        type="submit"
        status={submit.status}
        doneLabel="Rated"
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      >
        {ACTION_LABELS.confirm}
      </StatusButton>
    </Stack>
  );
}

export function RateDoctor({ orderId, rating }: { orderId: string; rating: OrderRating }) {
  const headingId = useId();
  // Rated here just now (thanks, with the stars given), or found rated already when sending (409).
  const [outcome, setOutcome] = useState<'rated' | 'existed' | null>(null);
  // The form (and CONFIRM, which had focus) is replaced: focus goes to what replaced it.
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) result.current?.focus();
  }, [outcome, rating.rating]);
  const doctorName = rating.doctor ? doctorTitle(rating.doctor) : 'your doctor';
  let content;
  if (outcome === 'existed')
    content = (
      <Stack spacing={1}>
        <Alert severity="info" role="status" ref={result} tabIndex={-1}>
          {ALREADY_RATED_TEXT}
        </Alert>
        {rating.rating ? <SavedRating rating={rating.rating} /> : null}
      </Stack>
    );
  else if (rating.rating && outcome === 'rated')
    content = (
      <Stack spacing={1}>
        <Alert severity="success" role="status" ref={result} tabIndex={-1}>
          {RATING_THANKS}
        </Alert>
        <Typography>You rated {doctorName}:</Typography>
        <SavedRating rating={rating.rating} />
      </Stack>
    );
  else if (rating.rating)
    content = (
      <Stack spacing={1}>
        <Typography>You rated {doctorName}:</Typography>
        <SavedRating rating={rating.rating} />
      </Stack>
    );
  else if (rating.canRate)
    content = (
      <RatingForm
        orderId={orderId}
        doctorName={doctorName}
        onRated={() => setOutcome('rated')}
        onExisted={() => setOutcome('existed')}
      />
    );
  else content = <Typography>{NOT_RATEABLE_TEXT}</Typography>;

  return (
    <Stack component="section" spacing={2} aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: 24 }}>
        Rate your doctor
      </Typography>
      {content}
    </Stack>
  );
}
