import { isApiError, usePlatformSettings, useUpdatePlatformSettings } from '@hiwar/client';
import {
  type ErrorCode,
  type PlatformSettingKey,
  type PlatformSettingUnit,
  type PlatformSettingView,
  toLatinDigits,
  type UpdatePlatformSettingsRequest,
} from '@hiwar/domain';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  errorMessage,
  FormField,
  fieldControlClassName,
  formatDateTime,
  formatMoney,
  formatNumber,
  supportMessages,
  useToast,
} from '@hiwar/ui';
import { Save, Undo2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { UnitInput } from '../../../components/unit-input.tsx';

const text = supportMessages.platformSettings;
const PIASTERS = 100;

/** A value as staff read and type it: pounds (up to two decimals) for money, whole numbers otherwise. */
function shown(value: number, unit: PlatformSettingUnit): string {
  return unit === 'piasters' ? String(value / PIASTERS) : String(value);
}

/** A value as the form shows it in a sentence (bounds, default), in Arabic digits; a switch as on/off. */
export function worded(value: number, unit: PlatformSettingUnit): string {
  if (unit === 'switch') {
    return value === 1 ? text.switchOn : text.switchOff;
  }
  return unit === 'piasters' ? formatMoney(value) : `${formatNumber(value)} ${text.units[unit]}`;
}

type Parsed = { value: number } | { error: ErrorCode };

/**
 * The stored value of what was typed (Arabic digits accepted), or the catalogue code of why it cannot
 * be saved — the same codes the server answers; the bounds themselves are in the field's hint.
 */
function parse(raw: string, setting: PlatformSettingView): Parsed {
  const typed = toLatinDigits(raw).trim().replace(/[٫,]/g, '.');
  if (typed === '') {
    return { error: 'required' };
  }
  const pounds = setting.unit === 'piasters';
  if (!(pounds ? /^-?\d+(\.\d{1,2})?$/ : /^-?\d+$/).test(typed)) {
    return { error: 'invalid-type' };
  }
  const value = pounds ? Math.round(Number(typed) * PIASTERS) : Number(typed);
  if (value < setting.min) {
    return { error: 'setting-too-low' };
  }
  if (value > setting.max) {
    return { error: 'setting-too-high' };
  }
  if (setting.step !== null && value % setting.step !== 0) {
    return { error: 'setting-step-invalid' };
  }
  return { value };
}

/**
 * Every platform setting (rules.md *setting* numbers) with what it means, its default and bounds:
 * staff change any of them and save the changed ones together. Values are checked here with the same
 * bounds the server applies; the server's codes are shown by field otherwise.
 */
export function PlatformSettingsForm() {
  const settings = usePlatformSettings();
  if (settings.isPending) {
    return <Skeleton className="h-96 w-full rounded-2xl" />;
  }
  if (settings.isError) {
    return (
      <ErrorState title={text.loadFailed} error={settings.error} onRetry={() => void settings.refetch()} />
    );
  }
  // Remounted after each save, so the fields start from what is stored.
  return <SettingsFields key={JSON.stringify(settings.data.list)} list={settings.data.list} />;
}

function SettingsFields({ list }: { list: PlatformSettingView[] }) {
  const save = useUpdatePlatformSettings();
  const { toast } = useToast();
  const initial = Object.fromEntries(
    list.map((setting) => [setting.key, shown(setting.value, setting.unit)]),
  );
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<PlatformSettingKey, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const dirty = list.filter((setting) => values[setting.key] !== initial[setting.key]);
  const change = (key: PlatformSettingKey, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const next: Partial<Record<PlatformSettingKey, string>> = {};
    const body: UpdatePlatformSettingsRequest = {};
    for (const setting of dirty) {
      const parsed = parse(values[setting.key] ?? '', setting);
      if ('error' in parsed) {
        next[setting.key] = parsed.error;
      } else if (parsed.value !== setting.value) {
        body[setting.key] = parsed.value;
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0) {
      return;
    }
    const count = Object.keys(body).length;
    if (count === 0) {
      setFormError(text.noChanges);
      return;
    }
    save.mutate(body, {
      onSuccess: () => toast({ type: 'success', title: text.saved(count) }),
      onError: (error) =>
        setFormError(isApiError(error) ? errorMessage(error.code) : errorMessage('unexpected')),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{text.formTitle}</CardTitle>
        <CardDescription>{text.formDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-6">
          <div className="grid gap-6 md:grid-cols-2">
            {list.map((setting) => {
              const changed = values[setting.key] !== initial[setting.key];
              return (
                <FormField
                  key={setting.key}
                  label={
                    <span className="inline-flex flex-wrap items-center gap-2">
                      {text.labels[setting.key]}
                      {changed ? <Badge tone="brand">{text.changed}</Badge> : null}
                    </span>
                  }
                  error={errors[setting.key]}
                  hint={
                    <span className="flex flex-col gap-0.5">
                      <span>{text.meanings[setting.key]}</span>
                      <span>
                        {text.defaultValue(worded(setting.defaultValue, setting.unit))}
                        {setting.unit === 'switch' ? null : (
                          <>
                            {' · '}
                            {text.bounds(
                              worded(setting.min, setting.unit),
                              worded(setting.max, setting.unit),
                            )}
                            {setting.step !== null
                              ? ` · ${text.step(worded(setting.step, setting.unit))}`
                              : null}
                          </>
                        )}
                      </span>
                      <span>
                        {setting.updatedAt
                          ? text.lastChanged(formatDateTime(setting.updatedAt))
                          : text.neverChanged}
                      </span>
                    </span>
                  }
                >
                  {setting.unit === 'switch' ? (
                    <select
                      className={`${fieldControlClassName} h-11`}
                      value={values[setting.key] ?? ''}
                      onChange={(event) => change(setting.key, event.target.value)}
                    >
                      <option value="1">{text.switchOn}</option>
                      <option value="0">{text.switchOff}</option>
                    </select>
                  ) : (
                    <UnitInput
                      unit={text.units[setting.unit]}
                      value={values[setting.key] ?? ''}
                      inputMode={setting.unit === 'piasters' ? 'decimal' : 'numeric'}
                      onChange={(event) => change(setting.key, event.target.value)}
                    />
                  )}
                </FormField>
              );
            })}
          </div>
          {formError ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {formError}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              type="button"
              variant="secondary"
              disabled={dirty.length === 0 || save.isPending}
              onClick={() => {
                setValues(initial);
                setErrors({});
                setFormError(null);
              }}
            >
              <Undo2 aria-hidden="true" />
              {text.reset}
            </Button>
            <Button type="submit" loading={save.isPending}>
              <Save aria-hidden="true" />
              {text.save}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
