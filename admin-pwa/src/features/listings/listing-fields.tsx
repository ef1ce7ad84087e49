// The listing form's fields (back-office section 3): texts in both languages, type and condition,
// power, generator-only voltage and phase, weight, dimensions, price, featured, year, specifications.
import { CATEGORIES } from '@app/domain/products';
import { POWER_LABELS, POWER_UNITS } from '@app/domain/power';
import { fill, useAdminLang, useT } from '../../lib/i18n.ts';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/field.tsx';
import type { FormErrors, ListingForm } from './listing-form-model.ts';

type Props = { form: ListingForm; errors: FormErrors; set: <K extends keyof ListingForm>(key: K, value: ListingForm[K]) => void };

export function ListingFields({ form, errors, set }: Props) {
  const all = useT();
  const t = all.listingForm;
  const lang = useAdminLang();
  const text = (key: keyof ListingForm & string) => ({
    value: form[key] as string,
    error: errors[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });
  // A required choice: never empty, so it carries no error of its own.
  const choice = <K extends 'type' | 'condition'>(key: K) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as ListingForm[K]),
  });
  return (
    <>
      <fieldset>
        <legend>{t.general}</legend>
        <div className="form-grid">
          <TextField label={t.titleFr} required {...text('titleFr')} />
          <TextField label={t.titleEn} required {...text('titleEn')} />
          <SelectField
            label={t.type}
            required
            {...choice('type')}
            options={[
              { value: 'generator', label: t.generator },
              { value: 'engine', label: t.engine },
            ]}
          />
          <SelectField
            label={t.condition}
            required
            {...choice('condition')}
            options={[
              { value: 'new', label: t.new },
              { value: 'used', label: t.used },
            ]}
          />
          <SelectField
            label={t.category}
            {...text('category')}
            options={[{ value: '', label: t.noCategory }, ...CATEGORIES.map((c) => ({ value: c, label: all.listings.categoryLabels[c] }))]}
          />
          <TextField label={t.brand} required {...text('brand')} />
          <TextField label={t.model} required {...text('model')} />
          <TextField label={t.year} type="number" min={1900} max={2100} step={1} {...text('year')} />
        </div>
        <CheckboxField label={t.featured} checked={form.featured} onChange={(e) => set('featured', e.target.checked)} />
      </fieldset>
      <fieldset>
        <legend>{t.descriptions}</legend>
        <TextAreaField label={t.descriptionFr} required {...text('descriptionFr')} />
        <TextAreaField label={t.descriptionEn} required {...text('descriptionEn')} />
      </fieldset>
      <fieldset>
        <legend>{t.technical}</legend>
        <div className="form-grid">
          <TextField label={t.power} type="number" min={1} step="any" required {...text('powerOutput')} />
          <SelectField
            label={t.powerUnit}
            required
            {...text('powerUnit')}
            options={POWER_UNITS.map((u) => ({ value: u, label: POWER_LABELS[u][lang] }))}
          />
          <TextField label={t.fuel} required {...text('fuelType')} />
          {form.type === 'generator' ? (
            <>
              <TextField label={t.voltage} required {...text('voltage')} />
              <TextField label={t.phase} required {...text('phase')} />
            </>
          ) : null}
          <TextField label={t.weight} type="number" min={1} step="any" required {...text('weight')} />
          <TextField label={t.length} type="number" min={1} step="any" {...text('length')} />
          <TextField label={t.width} type="number" min={1} step="any" {...text('width')} />
          <TextField label={t.height} type="number" min={1} step="any" {...text('height')} />
          <TextField label={t.price} type="number" min={0} step={0.01} hint={t.priceHint} {...text('price')} />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t.specifications}</legend>
        {form.specifications.map((s, i) => (
          <div key={i} className="form-grid">
            <TextField
              label={fill(t.specKey, { n: i + 1 })}
              value={s.key}
              onChange={(e) =>
                set(
                  'specifications',
                  form.specifications.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)),
                )
              }
            />
            <TextField
              label={fill(t.specValue, { n: i + 1 })}
              value={s.value}
              onChange={(e) =>
                set(
                  'specifications',
                  form.specifications.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)),
                )
              }
            />
            <TextField
              label={fill(t.specValueEn, { n: i + 1 })}
              value={s.valueEn}
              onChange={(e) =>
                set(
                  'specifications',
                  form.specifications.map((x, j) => (j === i ? { ...x, valueEn: e.target.value } : x)),
                )
              }
            />
            <button
              type="button"
              className="btn btn-small"
              onClick={() =>
                set(
                  'specifications',
                  form.specifications.filter((_, j) => j !== i),
                )
              }
            >
              {fill(t.specRemove, { n: i + 1 })}
            </button>
          </div>
        ))}
        {errors.specifications ? <p className="field-error">{errors.specifications}</p> : null}
        <button
          type="button"
          className="btn btn-small"
          onClick={() => set('specifications', [...form.specifications, { key: '', value: '', valueEn: '' }])}
        >
          {t.specAdd}
        </button>
      </fieldset>
    </>
  );
}
