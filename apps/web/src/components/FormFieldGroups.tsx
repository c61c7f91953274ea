// The fields and field groups several forms share, built on FormTextField: an email, a person's
// first and last name, a
// new password (with its rules and, where asked, the repeat), and a US address (street, city,
// state, ZIP) for shipping, billing or a pharmacy. Each takes the form's control and the names its
// fields have in that form.
import Stack from '@mui/material/Stack';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './FormTextField';
import { PasswordField } from './PasswordField';
import { UsStateSelect } from './UsStateSelect';

const at = <T extends FieldValues>(name: string) => name as FieldPath<T>;

/** An email address (required); `email` unless named. */
export function EmailField<T extends FieldValues>({
  control,
  name = 'email',
  ...props
}: Omit<FormTextFieldProps<T>, 'name'> & { name?: string }) {
  return (
    <FormTextField
      control={control}
      name={at<T>(name)}
      label="Email"
      type="email"
      autoComplete="email"
      required
      {...props}
    />
  );
}

/** First and last name side by side (one column on a phone); `firstName` and `lastName` unless named. */
export function PersonNameFields<T extends FieldValues>({
  control,
  firstName = 'firstName',
  lastName = 'lastName',
}: {
  control: Control<T>;
  firstName?: string;
  lastName?: string;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <FormTextField
        control={control}
        name={at<T>(firstName)}
        label="First name"
        autoComplete="given-name"
        required
        fullWidth
      />
      <FormTextField
        control={control}
        name={at<T>(lastName)}
        label="Last name"
        autoComplete="family-name"
        required
        fullWidth
      />
    </Stack>
  );
}

export const NEW_PASSWORD_HINT =
  '8 to 50 characters, with an uppercase letter, a number and a special character (e.g. @!#$%^&*).';

/** A new password with the rules of SPEC §5 under it, and the field to repeat it when `confirm` names one. */
export function NewPasswordFields<T extends FieldValues>({
  control,
  name,
  label = 'New password',
  confirm,
}: {
  control: Control<T>;
  name: string;
  label?: string;
  confirm?: string;
}) {
  return (
    <>
      <FormTextField
        control={control}
        name={at<T>(name)}
        component={PasswordField}
        label={label}
        autoComplete="new-password"
        required
        helperText={NEW_PASSWORD_HINT}
      />
      {confirm ? (
        <FormTextField
          control={control}
          name={at<T>(confirm)}
          component={PasswordField}
          label="Repeat the new password"
          autoComplete="new-password"
          required
        />
      ) : null}
    </>
  );
}

interface AddressGroupProps<T extends FieldValues> {
  control: Control<T>;
  /** Before each part's name in the form (e.g. `billingAddress.`); none by default. */
  namePrefix?: string;
  /** Each field's id is `${idPrefix}-${part}`. */
  idPrefix: string;
  /** A card's billing address: optional, the browser's billing autofill, lengths limited. */
  billing?: boolean;
}

function bind<T extends FieldValues>(
  { control, namePrefix = '', idPrefix, billing = false }: AddressGroupProps<T>,
  part: 'line1' | 'line2' | 'city' | 'state' | 'zip',
) {
  return {
    control,
    name: at<T>(`${namePrefix}${part}`),
    id: `${idPrefix}-${part}`,
    ...(billing ? {} : { fullWidth: true }),
  };
}

/** City, state and ZIP code in a row (one column on a phone). */
export function CityStateZipFields<T extends FieldValues>(props: AddressGroupProps<T>) {
  if (props.billing) {
    return (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          {...bind(props, 'city')}
          label="City"
          sx={{ flex: 2 }}
          slotProps={{ htmlInput: { autoComplete: 'billing address-level2', maxLength: 100 } }}
        />
        <FormTextField
          {...bind(props, 'state')}
          component={UsStateSelect}
          label="State"
          sx={{ flex: 1, minWidth: 160 }}
          slotProps={{ htmlInput: { autoComplete: 'billing address-level1' } }}
        />
        <FormTextField
          {...bind(props, 'zip')}
          label="ZIP code"
          sx={{ flex: 1, minWidth: 120 }}
          slotProps={{
            htmlInput: {
              autoComplete: 'billing postal-code',
              inputMode: 'numeric',
              maxLength: 10,
            },
          }}
        />
      </Stack>
    );
  }
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <FormTextField {...bind(props, 'city')} label="City" required autoComplete="address-level2" />
      <FormTextField {...bind(props, 'state')} label="State" required component={UsStateSelect} />
      <FormTextField
        {...bind(props, 'zip')}
        label="ZIP code"
        required
        autoComplete="postal-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
      />
    </Stack>
  );
}

/** A US street address: the street, apartment or suite, then city, state and ZIP code. */
export function AddressFields<T extends FieldValues>(props: AddressGroupProps<T>) {
  const { billing = false } = props;
  return (
    <>
      <FormTextField
        {...bind(props, 'line1')}
        label="Street address"
        {...(billing
          ? { slotProps: { htmlInput: { autoComplete: 'billing address-line1', maxLength: 200 } } }
          : { required: true, autoComplete: 'address-line1' })}
      />
      <FormTextField
        {...bind(props, 'line2')}
        label="Apartment, suite, etc. (optional)"
        {...(billing
          ? { slotProps: { htmlInput: { autoComplete: 'billing address-line2', maxLength: 200 } } }
          : { autoComplete: 'address-line2' })}
      />
      <CityStateZipFields {...props} />
    </>
  );
}
