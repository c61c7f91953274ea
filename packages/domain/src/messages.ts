// The message catalogue: every user-facing message with a stable code. Wording is exact where the
// spec gives it (SPEC §5 validation, SPEC §8 error catalogue); our own wording is marked "ours".
export const MESSAGES = {
  // SPEC §5
  EMAIL_INVALID: 'You have entered an incorrect email format. Please check spelling and try again.',
  PASSWORD_RULES:
    'Your password must be 8 characters minimum, with at least one uppercase letter, one number, and one special character (e.g. @!#$%^&*).',
  PHONE_NO_LENGTH: 'Your phone number must be 10 characters.',
  PHONE_NUMBER_FORMAT: 'Invalid format. Please enter 10 digits.',
  PROMO_PROMPT: 'Enter a promo code.',
  // ours: SPEC §5 gives the rule (trimmed, at least 2 characters) but no wording
  FIRST_NAME_INVALID: 'Please enter your first name (at least 2 characters).',
  LAST_NAME_INVALID: 'Please enter your last name (at least 2 characters).',
  FULL_NAME_INVALID: 'Please enter your first and last name (at least 2 characters each).',
  MEDICATION_SEARCH_MIN: 'Type at least 2 characters to search.',
  NUMBER_TOO_LARGE: 'Please enter a number no larger than 99999999.',
  PASSWORD_TOO_COMMON: 'This password is too common. Please choose one that is harder to guess.',
  // ours: SPEC §8 names the upload failures but not their wording
  UPLOAD_TOO_LARGE: 'This file is too large. Please choose a file under 10 MB.',
  UPLOAD_WRONG_TYPE: 'This file type is not supported. Please upload a JPG, PNG, HEIC or PDF.',
  UPLOAD_TOO_LARGE_AND_WRONG_TYPE:
    'This file is too large and its type is not supported. Please upload a JPG, PNG, HEIC or PDF under 10 MB.',
  NO_CAMERA: 'No camera was found on this device. You can upload a photo from your files instead.',
  UPLOAD_NO_FILE: 'Please choose a file to upload.',
  // ours: issue 13 #6 (a malformed multipart body) and #7 (the upload limit per hour)
  UPLOAD_UNREADABLE: 'We could not read the file that was sent. Please choose it again.',
  UPLOAD_LIMIT_REACHED: 'You have uploaded as many files as we accept in an hour. Please wait a while and try again.',
  // ours: the consult questionnaire (issue 8); SPEC gives no wording
  ANSWER_REQUIRED: 'Please answer this question.',
  ANSWER_CHOOSE_OPTION: 'Please choose one of the options.',
  ANSWER_CHOOSE_AT_LEAST_ONE: 'Please choose at least one option.',
  ANSWER_NUMBER_INVALID: 'Please enter a number.',
  ANSWER_DATE_INVALID: 'Please enter a valid date.',
  ANSWER_DATE_IN_FUTURE: 'Please enter a date that is not in the future.',
  HEIGHT_INVALID: 'Please enter your height (between 3 and 8 feet).',
  WEIGHT_INVALID: 'Please enter your weight in pounds (between 50 and 1000).',
  MEDICATIONS_REQUIRED:
    "Please add the medications you take, or choose \"I'm not taking any medication\".",
  ALLERGIES_REQUIRED: 'Please list your allergies, or choose "No known allergies".',
  ANSWER_UPLOAD_REQUIRED: 'Please upload a file.',
  ANSWER_UPLOAD_UNKNOWN: 'We could not find that file. Please upload it again.',
  ANSWER_UPLOAD_IN_OTHER_CONSULT: 'This file belongs to another of your visits. Please upload it again for this one.',
  CONSENT_REQUIRED: 'Please check the box to continue.',
  QUESTIONNAIRE_SUBMITTED: 'This questionnaire has already been submitted and can no longer be changed.',
  QUESTIONNAIRE_INCOMPLETE: 'Please answer the remaining questions before you continue.',
  QUESTIONNAIRE_INVALID: 'This questionnaire definition is not valid.',
  // SPEC §8
  LOGIN_WRONG_PASSWORD:
    'This combination of email and password is incorrect. Please verify correct spelling, or select "Don\'t have an account?" below.',
  LOGIN_UNKNOWN_EMAIL:
    "We do not have record of this email on our site, please verify correct spelling and format, or select 'Don't have an account?' below.",
  LOGIN_UNKNOWN_EMAIL_SHORT:
    'We do not recognize this email address. Please check spelling and try again, or click "Don\'t have an account?" below',
  ACCOUNT_EXISTS:
    'An account with this email address already exists. Please select "Already have an account?" below to login.',
  ACCOUNT_EXISTS_SHORT: 'An account with this email address already exists.',
  CONNECTION_ERROR:
    'There was a connection error. Verify that you are connected to the internet, and try again. If the error persists, there may be a problem on our end.',
  CONNECTION_ERROR_SUPPORT: 'Please contact Customer Support with any questions.',
  PROMO_INVALID: 'Sorry that promo code is invalid.',
  PASSCODE_INVALID:
    'Invalid passcode. Please try again or click the Send a new passcode link below to generate a new passcode. Code expires in 10 minutes.',
  OTP_SMS_FAILED: 'Error sending OTP to SMS.',
  OTP_EMAIL_FAILED: 'Error sending OTP to Email.',
  MULTIPLE_PRODUCTS: 'At this time, you cannot add multiple products to the same order.',
  MEDICATION_NO_MATCH: 'NO MATCH FOUND',
  MEDICATION_SAVE_MANUAL: 'Save as Manual Entry?',
  // SPEC §8 "Logged only" (never shown to the patient)
  SESSION_INIT_FAILED: 'Error initializing session',
  LANDING_CAPTURE_FAILED: 'Error capturing landing and redirect pages',
  CLIENT_IP_FAILED: 'Response from network is not ok',
  // ours: server-side problems with no spec wording
  NOT_FOUND: 'We could not find what you were looking for.',
  UNAUTHORIZED: 'Please log in to continue.',
  FORBIDDEN: 'You do not have access to this.',
  VALIDATION_FAILED: 'Some fields need your attention.',
  PAYLOAD_TOO_LARGE: 'That request is too large.',
  RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
  INTERNAL: 'Something went wrong on our end. Please try again.',
  SHIPPING_STATE_UNAVAILABLE: 'Sorry, this product cannot be shipped to the selected state.',
  // ours: issue 13 #13, an order that ships nothing (a lab panel) asks for the patient's state
  STATE_REQUIRED: 'Please choose the state you are in. Sales tax and where this order is available depend on it.',
  QUANTITY_OUT_OF_RANGE: 'Please choose a quantity within the allowed range.',
  // ours: address and number fields with no spec wording
  ZIP_INVALID: 'Please enter a valid ZIP code.',
  // ours: issue 17 walk, a ZIP from another state than the address's ("Austin, TX 90001")
  ZIP_STATE: 'This ZIP code is not in the state you chose. Please check the ZIP code and state.',
  STATE_INVALID: 'Please choose a US state.',
  NUMBER_NEGATIVE: 'Please enter a number that is 0 or more.',
  // ours: scheduling a visit (issue 6 "one clear 'that time was just taken' message")
  SLOT_TAKEN: 'That time was just taken. Please choose another time.',
  SLOT_UNAVAILABLE: 'That time is not available. Please choose another time.',
  DOCTOR_NOT_LICENSED: 'This doctor is not licensed in your state. Please choose another doctor.',
  TIME_ZONE_INVALID: 'Please choose a time zone from the list.',
  APPOINTMENT_EXISTS: 'You already have a visit booked. Please reschedule or cancel it before booking another.',
  VISIT_TYPE_MISMATCH: 'This order does not need this kind of visit.',
  // ours: shipping addresses and pharmacies (issue 5); the NPI wording is the brief's
  ADDRESS_LINE1_REQUIRED: 'Please enter a street address.',
  ADDRESS_LINE_TOO_LONG: 'Please use 100 characters or fewer.',
  // ours: issue 13 #6, text with a NUL byte or half of a UTF-16 pair (nothing a keyboard types)
  TEXT_CHARACTERS_INVALID: 'This field contains characters we cannot accept. Please remove them and try again.',
  CITY_REQUIRED: 'Please enter a city.',
  ADDRESS_LIMIT: 'You can save up to 20 addresses. Please delete one before adding another.',
  PHARMACY_NAME_REQUIRED: 'Please enter the pharmacy name.',
  NPI_INVALID: 'Please enter a valid 10-digit NPI.',
  PHARMACY_SEARCH_EMPTY: 'Enter a ZIP code, city or pharmacy name to search.',
  ZIP_UNKNOWN: 'We could not find that ZIP code. Please check it and try again.',
  // ours: accounts and sign-in (issue 4), where the spec gives no wording
  RESET_LINK_SENT:
    'If an account exists for this email, we have sent it a link to reset your password. The link expires in 1 hour.',
  RESET_LINK_INVALID: 'This password reset link is invalid or has expired. Please ask for a new one.',
  PASSWORD_CURRENT_WRONG: 'Your current password is incorrect.',
  PASSWORD_UPDATED: 'Your password has been updated. You have been logged out on your other devices.',
  PROFILE_SAVED: 'Your details have been saved.',
  INVITE_INVALID: 'This invitation link is invalid or has expired. Please ask your provider for a new one.',
  ECP_LINK_INVALID: 'This prescription link is invalid or has already been used.',
  INTAKE_LINK_SENT:
    'If a prescription is waiting for this email, we have sent it a link to finish signing up.',
  DATE_OF_BIRTH_INVALID: 'Please enter a valid date of birth.',
} as const;

export type MessageCode = keyof typeof MESSAGES;

/** SPEC §8 "HTTP client rejects with: Request failed with status code {status}." */
export function requestFailedMessage(status: number): string {
  return `Request failed with status code ${status}`;
}

/** SPEC §5 medication list options. */
export const MEDICATION_NONE_OPTIONS = ["I'm not taking any medication", 'NONE'] as const;
/** SPEC §9 address groups. */
export const ADDRESS_GROUPS = {
  mostRecent: 'MOST RECENT ADDRESS',
  otherSaved: 'OTHER SAVED ADDRESSES',
} as const;
/** SPEC §4 action labels. */
export const ACTION_LABELS = {
  startOnlineVisit: 'START ONLINE VISIT',
  confirm: 'CONFIRM',
  schedule: 'SCHEDULE',
  startVisit: 'START VISIT',
} as const;
