// The listing form's fields (back-office section 3): texts in both languages, type and condition,
// power, generator-only voltage and phase, weight, dimensions, price, featured, year, specifications.
import { CATEGORIES } from '@app/domain/products';
import { POWER_LABELS, POWER_UNITS } from '@app/domain/power';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/field.tsx';
import type { FormErrors, ListingForm } from './listing-form-model.ts';

type Props = { form: ListingForm; errors: FormErrors; set: <K extends keyof ListingForm>(key: K, value: ListingForm[K]) => void };

export function ListingFields({ form, errors, set }: Props) {
  const text = (key: keyof ListingForm & string) => ({
    value: form[key] as string,
    error: errors[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });
  return (
    <>
      <fieldset>
        <legend>Informations générales</legend>
        <div className="form-grid">
          <TextField label="Titre (français)" required {...text('titleFr')} />
          <TextField label="Titre (anglais)" required {...text('titleEn')} />
          <SelectField
            label="Type"
            required
            value={form.type}
            onChange={(e) => set('type', e.target.value as ListingForm['type'])}
            options={[
              { value: 'generator', label: 'Générateur' },
              { value: 'engine', label: 'Moteur' },
            ]}
          />
          <SelectField
            label="État"
            required
            value={form.condition}
            onChange={(e) => set('condition', e.target.value as ListingForm['condition'])}
            options={[
              { value: 'new', label: 'Neuf' },
              { value: 'used', label: 'Occasion' },
            ]}
          />
          <SelectField label="Catégorie" {...text('category')} options={[{ value: '', label: 'Aucune' }, ...CATEGORIES.map((c) => ({ value: c, label: c }))]} />
          <TextField label="Marque" required {...text('brand')} />
          <TextField label="Modèle" required {...text('model')} />
          <TextField label="Année" type="number" min={1900} max={2100} step={1} {...text('year')} />
        </div>
        <CheckboxField label="Annonce en vedette (mise en avant sur la page d'accueil)" checked={form.featured} onChange={(e) => set('featured', e.target.checked)} />
      </fieldset>
      <fieldset>
        <legend>Descriptions</legend>
        <TextAreaField label="Description (français)" required {...text('descriptionFr')} />
        <TextAreaField label="Description (anglais)" required {...text('descriptionEn')} />
      </fieldset>
      <fieldset>
        <legend>Caractéristiques techniques</legend>
        <div className="form-grid">
          <TextField label="Puissance" type="number" min={1} step="any" required {...text('powerOutput')} />
          <SelectField label="Unité de puissance" required {...text('powerUnit')} options={POWER_UNITS.map((u) => ({ value: u, label: POWER_LABELS[u].fr }))} />
          <TextField label="Carburant" required {...text('fuelType')} />
          {form.type === 'generator' ? (
            <>
              <TextField label="Tension" required {...text('voltage')} />
              <TextField label="Phase" required {...text('phase')} />
            </>
          ) : null}
          <TextField label="Poids (kg)" type="number" min={1} step="any" required {...text('weight')} />
          <TextField label="Longueur (mm)" type="number" min={1} step="any" {...text('length')} />
          <TextField label="Largeur (mm)" type="number" min={1} step="any" {...text('width')} />
          <TextField label="Hauteur (mm)" type="number" min={1} step="any" {...text('height')} />
          <TextField label="Prix (€)" type="number" min={0} step={0.01} hint="Laisser vide pour « Sur demande »" {...text('price')} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Spécifications</legend>
        {form.specifications.map((s, i) => (
          <div key={i} className="form-grid">
            <TextField label={`Nom de la spécification ${i + 1}`} value={s.key} onChange={(e) => set('specifications', form.specifications.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)))} />
            <TextField label={`Valeur de la spécification ${i + 1}`} value={s.value} onChange={(e) => set('specifications', form.specifications.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))} />
            <TextField label={`Valeur en anglais de la spécification ${i + 1}`} value={s.valueEn} onChange={(e) => set('specifications', form.specifications.map((x, j) => (j === i ? { ...x, valueEn: e.target.value } : x)))} />
            <button type="button" className="btn btn-small" onClick={() => set('specifications', form.specifications.filter((_, j) => j !== i))}>
              Retirer la spécification {i + 1}
            </button>
          </div>
        ))}
        {errors.specifications ? <p className="field-error">{errors.specifications}</p> : null}
        <button type="button" className="btn btn-small" onClick={() => set('specifications', [...form.specifications, { key: '', value: '', valueEn: '' }])}>
          Ajouter une spécification
        </button>
      </fieldset>
    </>
  );
}
