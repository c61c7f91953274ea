// Every page of the demo weight-care questionnaire answered (a male patient, BMI 38): the last
// answers a renewal consult is prefilled from (issue 17 renewal tests).
export const LAST_ANSWERS = {
  age: 44,
  sex_at_birth: 'male',
  height_weight: { heightInches: 65, weightPounds: 230 },
  goal_weight: 180,
  thyroid_cancer: ['none'],
  history: ['gallbladder'],
  self_harm: 'no',
  weight_conditions: ['hypertension'],
  glp1_now: 'no',
  glp1_reaction: 'no',
  medications: { none: false, items: [{ name: 'Lisinopril', manual: false }] },
  allergies: { none: false, items: ['penicillin'] },
  tried: ['diet', 'exercise'],
  consent_glp1_effects: true,
  consent_telehealth: true,
  consent_truthful: true,
};
