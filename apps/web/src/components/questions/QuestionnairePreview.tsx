// A questionnaire as the patient sees it, for the operator's builder and the doctor's sign-off
// (issue 18): the same question inputs as the consult (components/questions), the same domain rules
// (which pages and questions show for the answers so far, each page's checks on Next, disqualifying
// answers), with answers kept in the preview only. The medication search and file uploads need the
// store's services, so the preview draws them as the patient sees them without searching or uploading.
import {
  disqualification,
  MESSAGES,
  validatePage,
  visiblePageIndexes,
  visibleQuestionsOnPage,
  type AnswerError,
  type Answers,
  type Question,
  type QuestionnaireDefinition,
} from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { AllergiesQuestion } from './AllergiesQuestion';
import {
  ConsentQuestion,
  DateQuestion,
  MultipleChoiceQuestion,
  NumberQuestion,
  SingleChoiceQuestion,
  TextQuestion,
  YesNoQuestion,
} from './BasicQuestions';
import { describedBy, QuestionFrame, questionIds } from './fields';
import { HeightWeightQuestion } from './HeightWeightQuestion';

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The medication list as the patient first sees it ("not taking any", then a search). */
function MedicationsStandIn({ question, value, onChange, error }: { question: Question; value: unknown; onChange: (v: unknown) => void; error: string | undefined }) {
  const ids = questionIds(question);
  const none = (value as { none?: boolean } | undefined)?.none ?? false;
  return (
    <QuestionFrame question={question} error={error} kind="group">
      <FormControlLabel
        control={
          <Checkbox
            checked={none}
            onChange={(e) => onChange(e.target.checked ? { none: true, items: [] } : undefined)}
            slotProps={{ input: { 'aria-describedby': describedBy(ids, question, error) } as object }}
          />
        }
        label="I'm not taking any medication"
      />
      {none ? null : (
        <TextField id={ids.input} label="Search medications" disabled helperText="In the store the patient searches the medication list here." sx={{ maxWidth: 420 }} />
      )}
    </QuestionFrame>
  );
}

/** A file question as the patient sees it, without uploading. */
function FileUploadStandIn({ question, error }: { question: Question; error: string | undefined }) {
  return (
    <QuestionFrame question={question} error={error} kind="group">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" disabled>
          Choose a file
        </Button>
        <Typography variant="body2" color="text.secondary">
          In the store the patient uploads a photo or document here.
        </Typography>
      </Stack>
    </QuestionFrame>
  );
}

export function QuestionnairePreview({ definition, hideBmi = false }: { definition: QuestionnaireDefinition; hideBmi?: boolean }) {
  const [answers, setAnswers] = useState<Answers>({});
  const [pageIndex, setPageIndex] = useState(0);
  const [errors, setErrors] = useState<AnswerError[]>([]);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [finished, setFinished] = useState(false);

  const pages = visiblePageIndexes(definition, answers);
  const current = pages.includes(pageIndex) ? pageIndex : (pages[0] ?? 0);
  const page = definition.pages[current];
  if (!page) return null;
  const step = pages.indexOf(current) + 1;
  const isLast = pages[pages.length - 1] === current;
  const questions = visibleQuestionsOnPage(definition, current, answers);
  const errorFor = (field: string) => errors.find((e) => e.field === field)?.message;
  // Answers to a fallback stand-in (files) count as given, so the preview can move on.
  const withStandIns = { ...answers };
  for (const q of questions) if (q.type === 'file_upload' && withStandIns[q.id] === undefined && q.required) withStandIns[q.id] = ['preview'];
  for (const q of questions) if (q.type === 'medications' && withStandIns[q.id] === undefined && q.required) withStandIns[q.id] = { none: true, items: [] };

  const restart = () => {
    setAnswers({});
    setPageIndex(0);
    setErrors([]);
    setOutcome(null);
    setFinished(false);
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePage(definition, current, withStandIns, { today: today() }).filter(
      (e) => !questions.some((q) => (q.type === 'file_upload' || q.type === 'medications') && e.field.startsWith(q.id)),
    );
    setErrors(found);
    if (found.length > 0) return;
    const out = disqualification(definition, answers);
    if (out) return setOutcome(out.reason);
    if (isLast) return setFinished(true);
    setPageIndex(pages[pages.indexOf(current) + 1] ?? current);
  };

  const render = (question: Question) => {
    const common = {
      value: answers[question.id],
      onChange: (value: unknown) => setAnswers((a) => ({ ...a, [question.id]: value })),
      error: errorFor(question.id),
    };
    switch (question.type) {
      case 'single_choice':
        return <SingleChoiceQuestion question={question} {...common} />;
      case 'multiple_choice':
        return <MultipleChoiceQuestion question={question} {...common} />;
      case 'yes_no':
        return <YesNoQuestion question={question} {...common} />;
      case 'text':
        return <TextQuestion question={question} {...common} />;
      case 'number':
        return <NumberQuestion question={question} {...common} />;
      case 'date':
        return <DateQuestion question={question} {...common} />;
      case 'consent':
        return <ConsentQuestion question={question} {...common} />;
      case 'allergies':
        return <AllergiesQuestion question={question} {...common} />;
      case 'medications':
        return <MedicationsStandIn question={question} {...common} />;
      case 'file_upload':
        return <FileUploadStandIn question={question} error={common.error} />;
      case 'height_weight':
        return (
          <HeightWeightQuestion
            question={question}
            value={common.value}
            onChange={common.onChange}
            heightError={errorFor(`${question.id}.heightInches`)}
            weightError={errorFor(`${question.id}.weightPounds`)}
            hideBmi={hideBmi}
          />
        );
    }
  };

  if (outcome || finished) {
    return (
      <Stack spacing={2}>
        {outcome ? (
          <Alert severity="warning">
            <Typography sx={{ fontWeight: 700 }}>The patient cannot continue and reads:</Typography>
            {outcome}
          </Alert>
        ) : (
          <Alert severity="success">The patient has answered every question and goes on to the next step.</Alert>
        )}
        <Button variant="outlined" onClick={restart} sx={{ alignSelf: 'flex-start' }}>
          Start the preview again
        </Button>
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate onSubmit={next} spacing={3} aria-label="Preview as the patient sees it">
      <Stack spacing={0.5}>
        {pages.length > 1 ? (
          <Typography variant="body2" color="text.secondary">
            Page {step} of {pages.length}
          </Typography>
        ) : null}
        <Typography variant="h3" sx={{ fontSize: 22 }}>
          {page.title}
        </Typography>
        {definition.introduction && step === 1 ? <Typography>{definition.introduction}</Typography> : null}
        {page.description ? <Typography>{page.description}</Typography> : null}
      </Stack>
      {errors.length > 0 ? <Alert severity="error">{MESSAGES.VALIDATION_FAILED}</Alert> : null}
      {questions.map((question) => (
        <div key={question.id}>{render(question)}</div>
      ))}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
        {step > 1 ? (
          <Button variant="outlined" onClick={() => setPageIndex(pages[pages.indexOf(current) - 1] ?? 0)}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" variant="contained">
          {isLast ? 'Continue' : 'Next'}
        </Button>
      </Stack>
    </Stack>
  );
}
