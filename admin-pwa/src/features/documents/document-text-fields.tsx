// The text fields a technical document shares between creation and edit: the linked listing, the
// main, French and English titles, and the two descriptions.
import { useEffect, useState, type ReactNode } from 'react';
import { SelectField, TextAreaField, TextField } from '../../components/field.tsx';
import { useAdminLang, useT } from '../../lib/i18n.ts';
import { fetchProductOptions, localProductOptions, type DocumentTexts, type ProductOption } from './api.ts';

/** The form's fields after one change (the product select gives its id as text, '' for none). */
export const withText = (f: DocumentTexts, key: keyof DocumentTexts, value: string): DocumentTexts =>
  key === 'productId' ? { ...f, productId: value ? Number(value) : null } : { ...f, [key]: value };

type Props = {
  fields: DocumentTexts;
  onChange: (key: keyof DocumentTexts, value: string) => void;
  titleError?: string | undefined;
  file?: ReactNode;
};

/** The product picker's options: up to 100 listings from the API, or the stored ones offline. */
function useProductOptions() {
  const [products, setProducts] = useState<ProductOption[]>([]);
  useEffect(() => {
    let live = true;
    fetchProductOptions()
      .catch(() => localProductOptions())
      .then((list) => live && setProducts(list))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return products;
}

export function DocumentTextFields({ fields, onChange, titleError, file }: Props) {
  const t = useT().documentForm;
  const lang = useAdminLang();
  const products = useProductOptions();
  return (
    <>
      <SelectField
        label={t.product}
        value={fields.productId ? String(fields.productId) : ''}
        onChange={(e) => onChange('productId', e.target.value)}
        options={[
          { value: '', label: t.noProduct },
          ...products.map((p) => ({ value: String(p.id), label: lang === 'en' ? p.titleEn : p.titleFr })),
        ]}
      />
      <TextField
        label={t.mainTitle}
        required
        value={fields.title}
        error={titleError}
        onChange={(e) => onChange('title', e.target.value)}
        data-autofocus
      />
      <TextField label={t.titleFr} value={fields.titleFr} onChange={(e) => onChange('titleFr', e.target.value)} />
      <TextField label={t.titleEn} value={fields.titleEn} onChange={(e) => onChange('titleEn', e.target.value)} />
      {file}
      <TextAreaField
        label={t.descriptionFr}
        rows={3}
        value={fields.descriptionFr}
        onChange={(e) => onChange('descriptionFr', e.target.value)}
      />
      <TextAreaField
        label={t.descriptionEn}
        rows={3}
        value={fields.descriptionEn}
        onChange={(e) => onChange('descriptionEn', e.target.value)}
      />
    </>
  );
}
