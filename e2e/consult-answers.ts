// A harmless answer to each question a consult asks (never a disqualifying one), for journeys and
// benchmarks that fill a consult through the API the way the questionnaire page would.
export type Question = {
  id: string;
  type: string;
  required?: boolean;
  min?: number;
  max?: number;
  options?: { value: string; disqualifies?: boolean; exclusive?: boolean }[];
};

/** The answer to one question: the first option that does not disqualify, "no", 35, nothing optional. */
export function answerFor(q: Question, uploadId: string): unknown {
  switch (q.type) {
    case 'file_upload':
      return [uploadId];
    case 'number':
      // 35 (an age, a dose count) unless the question asks for more (a goal weight).
      return q.min !== undefined && q.min > 35 ? q.min + 100 : 35;
    case 'yes_no':
      return 'no';
    case 'single_choice':
      return (q.options?.find((o) => o.value === 'male') ?? q.options?.find((o) => !o.disqualifies))?.value;
    case 'multiple_choice':
      return [(q.options?.find((o) => o.exclusive) ?? q.options?.find((o) => !o.disqualifies))?.value];
    case 'medications':
    case 'allergies':
      return { none: true, items: [] };
    case 'consent':
      return true;
    case 'date':
      return '1990-01-01';
    case 'height_weight':
      return { heightInches: 70, weightPounds: 230 };
    case 'text':
      return q.required === false ? undefined : 'None';
    default:
      return undefined;
  }
}
