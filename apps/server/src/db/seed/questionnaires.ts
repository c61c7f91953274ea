// Demo consult questionnaires (issue 8 "Demo questionnaires for each demo product that needs a
// consult, written as a careful clinician would"). Slugs match products.questionnaire_ref in the
// store seed: weight-care-intake, hair-loss-intake, ed-intake, skin-intake, general-visit-intake.
// Disqualifying answers are the absolute contraindications of the treatments offered (drug labels);
// everything else is asked so the reviewing doctor can decide. Each reason says what to do instead.
import type { Condition, QuestionnaireDefinitionInput } from '@store/domain';

type QuestionInput = QuestionnaireDefinitionInput['pages'][number]['questions'][number];

// ---- Shared questions ----

const ADULTS_ONLY =
  'Our doctors can only treat adults 18 and older online. Please see a doctor in person, with a parent or guardian if you are under 18.';

const age: QuestionInput = {
  id: 'age',
  type: 'number',
  label: 'How old are you?',
  unit: 'years',
  integer: true,
  min: 0,
  max: 120,
  disqualifyIf: [{ when: { questionId: 'age', op: 'lessThan', value: 18 }, reason: ADULTS_ONLY }],
};

const sexAtBirth: QuestionInput = {
  id: 'sex_at_birth',
  type: 'single_choice',
  label: 'What sex were you assigned at birth?',
  help: 'Some medicines work differently or carry different risks depending on your body. Your doctor will see this answer only to keep your treatment safe.',
  options: [
    { value: 'female', label: 'Female' },
    { value: 'male', label: 'Male' },
    { value: 'intersex', label: 'Intersex' },
  ],
};

const couldBePregnant: Condition = {
  anyOf: [
    { questionId: 'sex_at_birth', op: 'equals', value: 'female' },
    { questionId: 'sex_at_birth', op: 'equals', value: 'intersex' },
  ],
};

function pregnancy(reason: string, label = 'Are you pregnant, breastfeeding, or trying to become pregnant?'): QuestionInput {
  return {
    id: 'pregnancy',
    type: 'yes_no',
    label,
    showIf: couldBePregnant,
    disqualifiesOn: 'yes',
    disqualifyReason: reason,
  };
}

const medications: QuestionInput = {
  id: 'medications',
  type: 'medications',
  label: 'Which medicines do you take now?',
  help: 'Include prescription medicines, over-the-counter medicines, vitamins and supplements. Search by name; if you cannot find one, save it as a manual entry.',
};

const allergies: QuestionInput = {
  id: 'allergies',
  type: 'allergies',
  label: 'Do you have any allergies to medicines, foods or other things?',
  help: 'List each allergy and, if you know it, what happened (for example: penicillin, hives).',
};

const otherConditions: QuestionInput = {
  id: 'other_conditions',
  type: 'text',
  label: 'Please list any other medical conditions, surgeries or hospital stays.',
  help: 'Leave blank if there are none.',
  multiline: true,
  required: false,
  maxLength: 2000,
};

const anythingElse: QuestionInput = {
  id: 'anything_else',
  type: 'text',
  label: 'Is there anything else you would like your doctor to know?',
  multiline: true,
  required: false,
  maxLength: 2000,
};

const TELEHEALTH_CONSENT =
  'I agree to receive care through telehealth. I understand that a licensed doctor will review my answers, may contact me with questions, and may decide that this treatment is not right for me. I understand that telehealth is not for emergencies and that I should call 911 in an emergency.';

const TRUTHFUL_CONSENT =
  'I confirm that my answers are true and complete to the best of my knowledge, that I am answering for myself, and that I will tell my doctor if my health or medicines change.';

function consentPage(extra: QuestionInput[] = []): QuestionnaireDefinitionInput['pages'][number] {
  return {
    title: 'Before you continue',
    questions: [
      ...extra,
      anythingElse,
      { id: 'consent_telehealth', type: 'consent', label: 'Consent to telehealth', statement: TELEHEALTH_CONSENT },
      { id: 'consent_truthful', type: 'consent', label: 'Your answers', statement: TRUTHFUL_CONSENT },
    ],
  };
}

/** A medication-list rule: any of these names (exact list names, case-insensitive). */
function takesAny(names: string[]): Condition {
  return { anyOf: names.map((value) => ({ questionId: 'medications', op: 'includes' as const, value })) };
}

// ---- Weight care (semaglutide, metformin ER, GLP-1 plan) ----

const weightCare: QuestionnaireDefinitionInput = {
  title: 'Weight care health questionnaire',
  introduction:
    'These questions help your doctor decide whether a weight care medicine such as a GLP-1 (for example semaglutide) or metformin is safe for you. It takes about 5 minutes.',
  pages: [
    {
      title: 'About you',
      questions: [
        age,
        sexAtBirth,
        pregnancy(
          'Weight loss medicines are not safe during pregnancy or breastfeeding, or in the two months before trying to conceive, because they may harm a baby. Please talk with your obstetrician or primary care doctor about healthy weight during this time. You are welcome to come back when you are no longer pregnant or breastfeeding.',
          'Are you pregnant, breastfeeding, or planning to become pregnant in the next 2 months?',
        ),
      ],
    },
    {
      title: 'Height and weight',
      description: 'We use your height and weight to work out your body mass index (BMI).',
      questions: [
        {
          id: 'height_weight',
          type: 'height_weight',
          label: 'What are your height and current weight?',
          disqualifyIf: [
            {
              when: { questionId: 'height_weight', field: 'bmi', op: 'lessThan', value: 27 },
              reason:
                'Weight care medicines are approved for a BMI of 27 or more with a weight-related condition, or 30 or more without one. Based on your height and weight they would not be right for you. A registered dietitian or your primary care doctor can help with nutrition and activity goals.',
            },
          ],
        },
        {
          id: 'goal_weight',
          type: 'number',
          label: 'What is your goal weight?',
          unit: 'lb',
          min: 50,
          max: 1000,
          required: false,
        },
      ],
    },
    {
      title: 'Your health history',
      questions: [
        {
          id: 'thyroid_cancer',
          type: 'multiple_choice',
          label: 'Have you or anyone in your family (parent, brother, sister or child) ever had any of these?',
          help: 'GLP-1 medicines carry a warning about these rare thyroid conditions.',
          options: [
            {
              value: 'mtc',
              label: 'Medullary thyroid cancer (MTC)',
              disqualifies: true,
              disqualifyReason:
                'GLP-1 weight loss medicines must not be used by anyone with a personal or family history of medullary thyroid cancer. Please talk with your primary care doctor or an endocrinologist about other ways to manage your weight.',
            },
            {
              value: 'men2',
              label: 'Multiple endocrine neoplasia type 2 (MEN 2)',
              disqualifies: true,
              disqualifyReason:
                'GLP-1 weight loss medicines must not be used by anyone with a personal or family history of multiple endocrine neoplasia type 2 (MEN 2). Please talk with your primary care doctor or an endocrinologist about other ways to manage your weight.',
            },
            { value: 'none', label: 'No, none of these', exclusive: true },
          ],
        },
        {
          id: 'history',
          type: 'multiple_choice',
          label: 'Have you ever been diagnosed with any of the following?',
          options: [
            {
              value: 'pancreatitis',
              label: 'Pancreatitis (inflammation of the pancreas)',
              disqualifies: true,
              disqualifyReason:
                'Because you have had pancreatitis, GLP-1 weight loss medicines could cause it to come back, so we cannot prescribe them online. Please talk with your primary care doctor about weight care options that are safe for you.',
            },
            {
              value: 'type1_diabetes',
              label: 'Type 1 diabetes',
              disqualifies: true,
              disqualifyReason:
                'Weight care medicines for people with type 1 diabetes need close, in-person management of insulin and blood sugar. Please talk with your endocrinologist or diabetes care team.',
            },
            {
              value: 'gastroparesis',
              label: 'Gastroparesis or another severe stomach or bowel disease',
              disqualifies: true,
              disqualifyReason:
                'GLP-1 medicines slow the stomach and can make gastroparesis and other severe stomach or bowel conditions worse. Please talk with your gastroenterologist or primary care doctor.',
            },
            {
              value: 'eating_disorder',
              label: 'Anorexia or bulimia (now or in the past)',
              disqualifies: true,
              disqualifyReason:
                'Weight loss medicines are not safe for people who have had anorexia or bulimia. If you would like support, please talk with your primary care doctor or a mental health professional. You can also contact the ANAD helpline at 1-888-375-7767.',
            },
            {
              value: 'kidney_failure',
              label: 'Severe kidney disease or dialysis',
              disqualifies: true,
              disqualifyReason:
                'Severe kidney disease needs careful in-person monitoring with weight care medicines. Please talk with your kidney doctor (nephrologist) or primary care doctor.',
            },
            { value: 'gallbladder', label: 'Gallstones or gallbladder disease' },
            { value: 'retinopathy', label: 'Diabetic eye disease (retinopathy)' },
            { value: 'heart_disease', label: 'Heart attack, heart failure or stroke' },
            { value: 'liver_disease', label: 'Liver disease' },
            { value: 'depression', label: 'Depression or anxiety' },
            { value: 'none', label: 'None of these', exclusive: true },
          ],
        },
        {
          id: 'self_harm',
          type: 'yes_no',
          label: 'In the past month, have you had thoughts of harming yourself or ending your life?',
          disqualifiesOn: 'yes',
          disqualifyReason:
            'Thank you for telling us. Your safety matters most, and this needs care from someone who can talk with you now. Please call or text 988 (Suicide and Crisis Lifeline) any time, or call 911 if you are in danger. Please also talk with your primary care doctor before starting a weight care medicine.',
        },
      ],
    },
    {
      title: 'Weight-related conditions',
      questions: [
        {
          id: 'weight_conditions',
          type: 'multiple_choice',
          label: 'Do you have any of these conditions?',
          help: 'Weight care medicines can be prescribed from a BMI of 27 when you also have one of these conditions, or from a BMI of 30 without one.',
          options: [
            { value: 'type2_diabetes', label: 'Type 2 diabetes' },
            { value: 'prediabetes', label: 'Prediabetes or insulin resistance' },
            { value: 'hypertension', label: 'High blood pressure' },
            { value: 'high_cholesterol', label: 'High cholesterol or triglycerides' },
            { value: 'sleep_apnea', label: 'Obstructive sleep apnea' },
            { value: 'heart_disease', label: 'Heart disease' },
            { value: 'pcos', label: 'Polycystic ovary syndrome (PCOS)' },
            { value: 'fatty_liver', label: 'Fatty liver disease' },
            { value: 'osteoarthritis', label: 'Osteoarthritis of the knees or hips' },
            { value: 'none', label: 'None of these', exclusive: true },
          ],
          disqualifyIf: [
            {
              when: {
                allOf: [
                  { questionId: 'height_weight', field: 'bmi', op: 'lessThan', value: 30 },
                  { questionId: 'weight_conditions', op: 'includes', value: 'none' },
                ],
              },
              reason:
                'With a BMI under 30, weight care medicines are approved only for people who also have a weight-related condition such as high blood pressure, type 2 diabetes or sleep apnea. A registered dietitian or your primary care doctor can help with nutrition and activity goals, and can check you for these conditions.',
            },
          ],
        },
        {
          id: 'diabetes_medicines',
          type: 'yes_no',
          label: 'Do you take insulin or a sulfonylurea (such as glipizide, glyburide or glimepiride)?',
          help: 'These can cause low blood sugar together with weight care medicines, so your doctor may change your dose.',
          showIf: { questionId: 'weight_conditions', op: 'includes', value: 'type2_diabetes' },
        },
        {
          id: 'a1c',
          type: 'number',
          label: 'What was your most recent HbA1c, if you know it?',
          unit: '%',
          min: 3,
          max: 20,
          required: false,
          showIf: { questionId: 'weight_conditions', op: 'includes', value: 'type2_diabetes' },
        },
      ],
    },
    {
      title: 'Medicines and allergies',
      questions: [
        {
          id: 'glp1_now',
          type: 'yes_no',
          label: 'Are you taking a GLP-1 medicine now, or have you taken one in the last 4 weeks?',
          help: 'For example Ozempic, Wegovy, Rybelsus, Mounjaro, Zepbound, Saxenda or Victoza.',
        },
        {
          id: 'glp1_details',
          type: 'text',
          label: 'Which one, at what dose, and when was your last dose?',
          showIf: { questionId: 'glp1_now', op: 'equals', value: 'yes' },
          maxLength: 500,
        },
        {
          id: 'glp1_reaction',
          type: 'yes_no',
          label: 'Have you ever had a serious allergic reaction (such as swelling of the face or throat, or trouble breathing) to a GLP-1 medicine?',
          disqualifiesOn: 'yes',
          disqualifyReason:
            'Because you have had a serious allergic reaction to a GLP-1 medicine, it is not safe to prescribe one. Please talk with your primary care doctor about other weight care options.',
        },
        medications,
        allergies,
        otherConditions,
      ],
    },
    {
      title: 'Your weight journey',
      questions: [
        {
          id: 'tried',
          type: 'multiple_choice',
          label: 'What have you tried before to lose weight?',
          options: [
            { value: 'diet', label: 'A diet or meal plan' },
            { value: 'exercise', label: 'An exercise program' },
            { value: 'program', label: 'A commercial program (for example WW or Noom)' },
            { value: 'medicine', label: 'Weight loss medicine' },
            { value: 'surgery', label: 'Weight loss surgery' },
            { value: 'nothing', label: 'Nothing yet', exclusive: true },
          ],
        },
        {
          id: 'surgery_when',
          type: 'date',
          label: 'When did you have weight loss surgery?',
          notInFuture: true,
          showIf: { questionId: 'tried', op: 'includes', value: 'surgery' },
        },
        {
          id: 'body_photo',
          type: 'file_upload',
          label: 'Add a full-length photo of yourself',
          help: 'A recent photo helps your doctor confirm your weight. JPG, PNG, HEIC or PDF, under 10 MB.',
          required: false,
          camera: true,
          maxFiles: 1,
        },
      ],
    },
    consentPage([
      {
        id: 'consent_glp1_effects',
        type: 'consent',
        label: 'Side effects',
        statement:
          'I understand that weight care medicines commonly cause nausea, vomiting, diarrhea or constipation, and rarely pancreatitis, gallbladder problems or low blood sugar. I will stop the medicine and get medical help right away if I have severe stomach pain that does not go away.',
      },
    ]),
  ],
};

// ---- Hair loss (finasteride, minoxidil) ----

const hairLoss: QuestionnaireDefinitionInput = {
  title: 'Hair loss health questionnaire',
  introduction:
    'These questions help your doctor decide whether finasteride and minoxidil are right for your hair loss. It takes about 4 minutes.',
  pages: [
    {
      title: 'About you',
      questions: [
        age,
        sexAtBirth,
        pregnancy(
          'Finasteride can harm an unborn baby, and people who are or could become pregnant should not take it or handle broken tablets. Please talk with a dermatologist about hair loss treatments that are safe for you.',
          'Are you pregnant, breastfeeding, or could you become pregnant?',
        ),
      ],
    },
    {
      title: 'Your hair loss',
      questions: [
        {
          id: 'pattern',
          type: 'single_choice',
          label: 'Which best describes your hair loss?',
          options: [
            { value: 'hairline', label: 'Receding at the hairline or temples' },
            { value: 'crown', label: 'Thinning at the crown (top of the head)' },
            { value: 'both', label: 'Both the hairline and the crown' },
            { value: 'diffuse', label: 'Thinning all over' },
            {
              value: 'patches',
              label: 'Round bald patches, or hair falling out suddenly in clumps',
              disqualifies: true,
              disqualifyReason:
                'Sudden patchy hair loss is often caused by alopecia areata, an infection or another medical condition rather than pattern hair loss, and needs an in-person exam. Please see a dermatologist or your primary care doctor.',
            },
          ],
        },
        {
          id: 'duration',
          type: 'single_choice',
          label: 'How long have you noticed hair loss?',
          options: [
            { value: 'under_1y', label: 'Less than a year' },
            { value: '1_5y', label: '1 to 5 years' },
            { value: 'over_5y', label: 'More than 5 years' },
          ],
        },
        { id: 'family_history', type: 'yes_no', label: 'Has anyone in your family had similar hair loss?', required: false },
        {
          id: 'scalp',
          type: 'multiple_choice',
          label: 'Do you have any of these on your scalp?',
          options: [
            { value: 'itching', label: 'Itching or flaking' },
            { value: 'redness', label: 'Redness, sores or scarring' },
            { value: 'pain', label: 'Pain or burning' },
            { value: 'none', label: 'None of these', exclusive: true },
          ],
        },
        {
          id: 'scalp_photos',
          type: 'file_upload',
          label: 'Add photos of your hairline and the top of your head',
          help: 'Clear, well-lit photos help your doctor confirm the type of hair loss. Up to 3 photos: JPG, PNG, HEIC or PDF, each under 10 MB.',
          camera: true,
          maxFiles: 3,
        },
      ],
    },
    {
      title: 'Your health',
      questions: [
        {
          id: 'history',
          type: 'multiple_choice',
          label: 'Have you ever had any of the following?',
          options: [
            {
              value: 'breast_cancer',
              label: 'Breast cancer',
              disqualifies: true,
              disqualifyReason:
                'Finasteride is not recommended after breast cancer. Please talk with your oncologist or a dermatologist about other hair loss treatments.',
            },
            { value: 'prostate', label: 'Prostate cancer, an enlarged prostate, or a raised PSA test' },
            { value: 'liver', label: 'Liver disease' },
            { value: 'depression', label: 'Depression or anxiety' },
            { value: 'sexual', label: 'Problems with erections, sex drive or fertility' },
            { value: 'heart', label: 'Heart disease or low blood pressure' },
            { value: 'none', label: 'None of these', exclusive: true },
          ],
        },
        {
          id: 'trying_to_conceive',
          type: 'yes_no',
          label: 'Are you trying to conceive a child with a partner?',
          help: 'Finasteride can lower sperm count in some men; your doctor may suggest waiting.',
          showIf: { questionId: 'sex_at_birth', op: 'equals', value: 'male' },
        },
        {
          id: 'drug_reaction',
          type: 'yes_no',
          label: 'Have you ever had an allergic reaction to finasteride, dutasteride or minoxidil?',
          disqualifiesOn: 'yes',
          disqualifyReason:
            'Because you have had an allergic reaction to one of these medicines, we cannot prescribe this treatment. Please talk with a dermatologist about other options.',
        },
        medications,
        allergies,
        otherConditions,
      ],
    },
    consentPage([
      {
        id: 'consent_finasteride_effects',
        type: 'consent',
        label: 'Side effects',
        statement:
          'I understand that finasteride can rarely cause lower sex drive, erection or ejaculation problems, breast tenderness or mood changes, and that I should tell my doctor if these happen. I understand that finasteride lowers PSA test results and I will tell any doctor who checks my PSA that I take it.',
      },
    ]),
  ],
};

// ---- Erectile dysfunction (sildenafil, tadalafil) ----

const NITRATE_REASON =
  'Sildenafil, tadalafil and similar medicines must never be taken with nitrates (such as nitroglycerin or isosorbide) or "poppers": together they can cause a sudden, dangerous drop in blood pressure. Please talk with the doctor who prescribes your heart medicine about options that are safe for you.';

const HEART_REASON =
  'Sexual activity and erectile dysfunction medicines can strain the heart. Because of your heart history, please see your primary care doctor or cardiologist in person to check that treatment is safe for you.';

const erectileDysfunction: QuestionnaireDefinitionInput = {
  title: 'Erectile dysfunction health questionnaire',
  introduction:
    'These questions help your doctor decide whether an erectile dysfunction medicine such as sildenafil or tadalafil is safe for you. It takes about 4 minutes.',
  pages: [
    {
      title: 'About you',
      questions: [
        age,
        {
          id: 'ed_description',
          type: 'single_choice',
          label: 'How often can you get and keep an erection firm enough for sex?',
          options: [
            { value: 'usually', label: 'Most of the time, but not always' },
            { value: 'sometimes', label: 'About half of the time' },
            { value: 'rarely', label: 'Rarely or never' },
          ],
        },
        {
          id: 'onset',
          type: 'single_choice',
          label: 'How did your erection problems start?',
          options: [
            { value: 'gradual', label: 'Gradually, over months or years' },
            { value: 'sudden', label: 'Suddenly' },
            { value: 'after_surgery', label: 'After surgery or an injury to the pelvis' },
          ],
        },
        { id: 'morning_erections', type: 'yes_no', label: 'Do you still sometimes wake up with an erection?', required: false },
      ],
    },
    {
      title: 'Your heart',
      description: 'These questions matter most for your safety.',
      questions: [
        {
          id: 'nitrates',
          type: 'yes_no',
          label:
            'Do you take any nitrate medicine, such as nitroglycerin (tablets, spray, ointment or patches), isosorbide mononitrate or isosorbide dinitrate, or use "poppers" (amyl nitrite)?',
          disqualifiesOn: 'yes',
          disqualifyReason: NITRATE_REASON,
        },
        {
          id: 'riociguat',
          type: 'yes_no',
          label: 'Do you take riociguat (Adempas) for pulmonary hypertension?',
          disqualifiesOn: 'yes',
          disqualifyReason:
            'Erectile dysfunction medicines must not be taken with riociguat because together they can lower blood pressure dangerously. Please talk with your lung or heart specialist.',
        },
        {
          id: 'recent_cardiac_event',
          type: 'yes_no',
          label: 'In the last 6 months, have you had a heart attack, stroke, heart surgery or a stent?',
          disqualifiesOn: 'yes',
          disqualifyReason: HEART_REASON,
        },
        {
          id: 'exertion_symptoms',
          type: 'yes_no',
          label: 'Do you get chest pain, or become very short of breath, during sex or when climbing two flights of stairs?',
          disqualifiesOn: 'yes',
          disqualifyReason: HEART_REASON,
        },
        {
          id: 'sex_unsafe',
          type: 'yes_no',
          label: 'Has a doctor ever told you that sexual activity is not safe for your heart?',
          disqualifiesOn: 'yes',
          disqualifyReason: HEART_REASON,
        },
        {
          id: 'blood_pressure',
          type: 'single_choice',
          label: 'What is your usual blood pressure?',
          help: 'Use a reading from the last 6 months if you have one.',
          options: [
            {
              value: 'low',
              label: 'Low: below 90/50',
              disqualifies: true,
              disqualifyReason:
                'Erectile dysfunction medicines lower blood pressure further, so they are not safe with blood pressure below 90/50. Please see your primary care doctor to find the cause.',
            },
            { value: 'normal', label: 'Normal: below 130/80' },
            { value: 'treated', label: 'High, but treated and under control' },
            {
              value: 'very_high',
              label: 'Very high: above 170/100',
              disqualifies: true,
              disqualifyReason:
                'Blood pressure above 170/100 needs treatment before it is safe to use erectile dysfunction medicines. Please see your primary care doctor soon; if you have a severe headache, chest pain or vision changes, call 911.',
            },
            { value: 'unknown', label: 'I do not know' },
          ],
        },
        {
          id: 'alpha_blockers',
          type: 'yes_no',
          label: 'Do you take an alpha-blocker, such as tamsulosin (Flomax), doxazosin or terazosin?',
          help: 'Together with these, erectile dysfunction medicines can make you dizzy; your doctor may start with a lower dose.',
        },
      ],
    },
    {
      title: 'Your health',
      questions: [
        {
          id: 'history',
          type: 'multiple_choice',
          label: 'Have you ever had any of the following?',
          options: [
            {
              value: 'naion',
              label: 'Sudden loss of vision in one eye (including NAION)',
              disqualifies: true,
              disqualifyReason:
                'After sudden vision loss in one eye, erectile dysfunction medicines may raise the risk of it happening again. Please talk with your eye doctor (ophthalmologist) before any treatment.',
            },
            {
              value: 'severe_liver',
              label: 'Severe liver disease (cirrhosis)',
              disqualifies: true,
              disqualifyReason:
                'Severe liver disease changes how these medicines are cleared from the body and needs in-person care. Please talk with your liver specialist or primary care doctor.',
            },
            { value: 'kidney', label: 'Kidney disease or dialysis' },
            { value: 'retinitis', label: 'Retinitis pigmentosa' },
            { value: 'priapism', label: 'An erection that lasted more than 4 hours' },
            { value: 'blood', label: 'Sickle cell anemia, leukemia or multiple myeloma' },
            { value: 'peyronie', label: "Peyronie's disease or a bend in the penis" },
            { value: 'diabetes', label: 'Diabetes' },
            { value: 'none', label: 'None of these', exclusive: true },
          ],
        },
        {
          id: 'drug_reaction',
          type: 'yes_no',
          label: 'Have you ever had an allergic reaction to sildenafil, tadalafil or vardenafil?',
          disqualifiesOn: 'yes',
          disqualifyReason:
            'Because you have had an allergic reaction to one of these medicines, we cannot prescribe them. Please talk with your primary care doctor or a urologist about other options.',
        },
        {
          ...medications,
          disqualifyIf: [
            {
              when: takesAny([
                'nitroglycerin',
                'Nitrostat',
                'Nitro-Dur',
                'Nitrolingual',
                'isosorbide mononitrate',
                'Imdur',
                'Monoket',
                'isosorbide dinitrate',
                'Isordil',
              ]),
              reason: NITRATE_REASON,
            },
          ],
        },
        allergies,
        otherConditions,
      ],
    },
    consentPage([
      {
        id: 'consent_ed_effects',
        type: 'consent',
        label: 'Side effects',
        statement:
          'I understand that these medicines can cause headache, flushing, a stuffy nose or indigestion. I will get emergency help for an erection lasting more than 4 hours, chest pain, or sudden loss of vision or hearing, and I will never take them with nitrates or poppers.',
      },
    ]),
  ],
};

// ---- Skin and acne (tretinoin, clindamycin with benzoyl peroxide, compounded creams) ----

const skin: QuestionnaireDefinitionInput = {
  title: 'Skin health questionnaire',
  introduction:
    'These questions help your doctor choose a prescription skin treatment, such as tretinoin or clindamycin gel, that is safe for you. It takes about 4 minutes.',
  pages: [
    {
      title: 'About you',
      questions: [
        age,
        sexAtBirth,
        pregnancy(
          'Tretinoin and other retinoid creams are not recommended during pregnancy or breastfeeding, or while trying to become pregnant. Please talk with your obstetrician or a dermatologist about skin treatments that are safe for you now.',
        ),
      ],
    },
    {
      title: 'Your skin',
      questions: [
        {
          id: 'concerns',
          type: 'multiple_choice',
          label: 'What would you like help with?',
          options: [
            { value: 'acne', label: 'Acne or breakouts' },
            { value: 'lines', label: 'Fine lines and wrinkles' },
            { value: 'texture', label: 'Rough texture or large pores' },
            { value: 'dark_spots', label: 'Dark spots or uneven tone' },
          ],
        },
        {
          id: 'acne_severity',
          type: 'single_choice',
          label: 'How would you describe your acne?',
          showIf: { questionId: 'concerns', op: 'includes', value: 'acne' },
          options: [
            { value: 'mild', label: 'Mild: mostly blackheads, whiteheads and a few small pimples' },
            { value: 'moderate', label: 'Moderate: many pimples, some red and tender' },
            {
              value: 'severe',
              label: 'Severe: deep, painful lumps or cysts, or acne that leaves scars',
              disqualifies: true,
              disqualifyReason:
                'Deep, painful cysts and scarring acne need an in-person exam and often stronger treatment than we can prescribe online. Please see a dermatologist soon, as early treatment helps prevent scars.',
            },
          ],
        },
        {
          id: 'skin_type',
          type: 'single_choice',
          label: 'How does your skin usually feel?',
          options: [
            { value: 'oily', label: 'Oily' },
            { value: 'dry', label: 'Dry' },
            { value: 'combination', label: 'Oily in some places, dry in others' },
            { value: 'sensitive', label: 'Sensitive: it stings or turns red easily' },
            { value: 'normal', label: 'Normal' },
          ],
        },
        {
          id: 'tried',
          type: 'multiple_choice',
          label: 'Which of these have you used before?',
          options: [
            { value: 'otc', label: 'Over-the-counter washes or creams (benzoyl peroxide, salicylic acid, adapalene)' },
            { value: 'retinoid', label: 'A prescription retinoid (tretinoin, tazarotene)' },
            { value: 'antibiotic', label: 'Antibiotic creams or pills' },
            { value: 'isotretinoin', label: 'Isotretinoin (Accutane)' },
            { value: 'none', label: 'None of these', exclusive: true },
          ],
        },
        {
          id: 'face_photos',
          type: 'file_upload',
          label: 'Add photos of your skin',
          help: 'Take photos of the front and both sides of your face in daylight, without makeup. Up to 3 photos: JPG, PNG, HEIC or PDF, each under 10 MB.',
          camera: true,
          maxFiles: 3,
        },
      ],
    },
    {
      title: 'Your health',
      questions: [
        {
          id: 'isotretinoin_now',
          type: 'yes_no',
          label: 'Are you taking isotretinoin (Accutane, Absorica, Claravis) now, or did you stop less than 6 months ago?',
          disqualifiesOn: 'yes',
          disqualifyReason:
            'Skin can be very fragile during and for months after isotretinoin, and adding a retinoid or other strong treatment can damage it. Please talk with the dermatologist who prescribed your isotretinoin.',
        },
        {
          id: 'history',
          type: 'multiple_choice',
          label: 'Have you ever had any of the following?',
          options: [
            { value: 'colitis', label: "Crohn's disease, ulcerative colitis, or severe diarrhea while taking antibiotics" },
            { value: 'eczema', label: 'Eczema or rosacea' },
            { value: 'skin_cancer', label: 'Skin cancer' },
            { value: 'sun_sensitive', label: 'A condition that makes you sensitive to sunlight, such as lupus' },
            { value: 'none', label: 'None of these', exclusive: true },
          ],
          help: 'If you have had bowel disease or colitis from antibiotics, your doctor will choose a treatment without clindamycin.',
        },
        {
          id: 'drug_reaction',
          type: 'yes_no',
          label: 'Have you ever had an allergic reaction to tretinoin, clindamycin, benzoyl peroxide or azelaic acid?',
          disqualifiesOn: 'yes',
          disqualifyReason:
            'Because you have had an allergic reaction to one of the medicines in our skin treatments, we cannot prescribe them safely online. Please see a dermatologist about other options.',
        },
        medications,
        allergies,
        otherConditions,
      ],
    },
    consentPage([
      {
        id: 'consent_skin_effects',
        type: 'consent',
        label: 'Side effects',
        statement:
          'I understand that my skin may be dry, red, peeling or more sensitive to the sun for the first weeks of treatment, and that I should use sunscreen every day and avoid waxing treated skin.',
      },
    ]),
  ],
};

// ---- General online visit ----

const general: QuestionnaireDefinitionInput = {
  title: 'Online visit health questionnaire',
  introduction: 'Tell us why you would like to see a doctor. It takes about 3 minutes.',
  pages: [
    {
      title: 'First, your safety',
      questions: [
        {
          id: 'emergency',
          type: 'multiple_choice',
          label: 'Do you have any of these right now?',
          options: [
            {
              value: 'chest_pain',
              label: 'Chest pain or pressure',
              disqualifies: true,
              disqualifyReason:
                'Chest pain or pressure can be a sign of a heart attack and needs care right away. Please call 911 or go to the nearest emergency room now. Do not drive yourself.',
            },
            {
              value: 'breathing',
              label: 'Severe trouble breathing',
              disqualifies: true,
              disqualifyReason: 'Severe trouble breathing needs emergency care. Please call 911 or go to the nearest emergency room now.',
            },
            {
              value: 'stroke',
              label: 'Sudden weakness or numbness, a drooping face, or trouble speaking',
              disqualifies: true,
              disqualifyReason:
                'These can be signs of a stroke, where every minute matters. Please call 911 now and note the time your symptoms started.',
            },
            {
              value: 'bleeding',
              label: 'Heavy bleeding that will not stop',
              disqualifies: true,
              disqualifyReason: 'Heavy bleeding needs emergency care. Press firmly on the wound and call 911 or go to the nearest emergency room now.',
            },
            {
              value: 'self_harm',
              label: 'Thoughts of harming yourself or someone else',
              disqualifies: true,
              disqualifyReason:
                'Thank you for telling us. Please call or text 988 (Suicide and Crisis Lifeline) to talk with someone now, any time of day. If you or someone else is in immediate danger, call 911.',
            },
            {
              value: 'fever_confusion',
              label: 'High fever with a stiff neck, confusion or a new rash',
              disqualifies: true,
              disqualifyReason:
                'A high fever with a stiff neck, confusion or a new rash can be a sign of a serious infection. Please go to the nearest emergency room or call 911 now.',
            },
            { value: 'none', label: 'No, none of these', exclusive: true },
          ],
        },
      ],
    },
    {
      title: 'About you',
      questions: [
        age,
        sexAtBirth,
        {
          id: 'pregnancy',
          type: 'yes_no',
          label: 'Are you pregnant or breastfeeding?',
          help: 'Your doctor needs to know this before recommending any medicine.',
          showIf: couldBePregnant,
        },
      ],
    },
    {
      title: 'Why you are visiting',
      questions: [
        {
          id: 'reason',
          type: 'text',
          label: 'What would you like to see a doctor about today?',
          help: 'Describe your symptoms or question in your own words.',
          multiline: true,
          maxLength: 2000,
        },
        {
          id: 'duration',
          type: 'single_choice',
          label: 'How long has this been going on?',
          options: [
            { value: 'days', label: 'A few days' },
            { value: 'weeks', label: 'A few weeks' },
            { value: 'months', label: 'Months or longer' },
            { value: 'not_symptom', label: 'It is not a symptom (for example a prescription refill or a question)' },
          ],
        },
        {
          id: 'severity',
          type: 'number',
          label: 'How much is this bothering you, from 0 (not at all) to 10 (the worst)?',
          integer: true,
          min: 0,
          max: 10,
          showIf: { questionId: 'duration', op: 'notEquals', value: 'not_symptom' },
        },
        {
          id: 'photo',
          type: 'file_upload',
          label: 'Add a photo or document',
          help: 'For example a photo of a rash, or a recent lab result. JPG, PNG, HEIC or PDF, under 10 MB.',
          required: false,
          camera: true,
          maxFiles: 2,
        },
      ],
    },
    {
      title: 'Your health',
      questions: [medications, allergies, otherConditions],
    },
    consentPage(),
  ],
};

export const DEMO_QUESTIONNAIRES: { slug: string; title: string; definition: QuestionnaireDefinitionInput }[] = [
  { slug: 'weight-care-intake', title: 'Weight care', definition: weightCare },
  { slug: 'hair-loss-intake', title: 'Hair loss', definition: hairLoss },
  { slug: 'ed-intake', title: 'Erectile dysfunction', definition: erectileDysfunction },
  { slug: 'skin-intake', title: 'Skin and acne', definition: skin },
  { slug: 'general-visit-intake', title: 'Online doctor visit', definition: general },
];
