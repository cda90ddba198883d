import * as Accordion from '@radix-ui/react-accordion';
import { useEffect, useRef, useState } from 'react';
import type { Category, Crime } from '@canal/shared';
import { CrimeInfoModal } from './CrimeInfoModal';
import { categoryHeading } from './roman';

/** SPEC §9: the opened category scrolls into view after about 300 ms (once it has expanded). */
export const ACCORDION_SCROLL_DELAY_MS = 300;

export interface CategoryStepProps {
  categories: Category[];
  selectedCrimeId: number | null;
  onSelect: (crimeId: number) => void;
}

/** Step 0: one category open at a time; each type a radio option with an information button. */
export function CategoryStep({ categories, selectedCrimeId, onSelect }: CategoryStepProps) {
  const initiallyOpen = categories.find((c) =>
    c.crimes.some((crime) => crime.id === selectedCrimeId),
  );
  const [open, setOpen] = useState(initiallyOpen ? String(initiallyOpen.id) : '');
  const [info, setInfo] = useState<Crime | null>(null);
  const items = useRef(new Map<string, HTMLElement>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function toggle(value: string) {
    setOpen(value);
    clearTimeout(timer.current);
    if (!value) return;
    timer.current = setTimeout(() => {
      items.current.get(value)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, ACCORDION_SCROLL_DELAY_MS);
  }

  return (
    <section aria-labelledby="paso-tipo-titulo">
      <h2
        id="paso-tipo-titulo"
        tabIndex={-1}
        className="focus:outline-none mb-4 text-xl font-bold text-secondary md:text-2xl"
      >
        Selecciona el tipo de denuncia que quieres ingresar
      </h2>
      <Accordion.Root
        type="single"
        collapsible
        value={open}
        onValueChange={toggle}
        className="space-y-3"
      >
        {categories.map((category, index) => {
          const value = String(category.id);
          return (
            <Accordion.Item
              key={category.id}
              value={value}
              ref={(el) => {
                if (el) items.current.set(value, el);
                else items.current.delete(value);
              }}
              className="scroll-mt-4 overflow-hidden rounded-md border border-gray-300 bg-white"
            >
              <Accordion.Header asChild>
                <h3>
                  <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-4 py-4 text-left font-bold text-secondary hover:bg-light data-[state=open]:bg-light">
                    <span>{categoryHeading(index + 1, category.title)}</span>
                    <span
                      aria-hidden="true"
                      className="shrink-0 text-xl transition-transform group-data-[state=open]:rotate-180"
                    >
                      ▾
                    </span>
                  </Accordion.Trigger>
                </h3>
              </Accordion.Header>
              <Accordion.Content className="border-t border-gray-200 px-4 py-3">
                <fieldset>
                  <legend className="sr-only">{`Tipos de denuncia de ${category.title}`}</legend>
                  <ul className="space-y-1">
                    {category.crimes.map((crime) => (
                      <li key={crime.id} className="flex items-center justify-between gap-3">
                        <label className="flex min-h-11 flex-1 cursor-pointer items-center gap-3 py-1">
                          <input
                            type="radio"
                            name="tipo-denuncia"
                            value={crime.id}
                            checked={selectedCrimeId === crime.id}
                            onChange={() => onSelect(crime.id)}
                            className="h-5 w-5 shrink-0 accent-primary"
                          />
                          <span>{crime.title}</span>
                        </label>
                        <button
                          type="button"
                          onClick={() => setInfo(crime)}
                          aria-label={`Más información sobre ${crime.title}`}
                          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-primary hover:bg-light"
                        >
                          <InfoIcon />
                        </button>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              </Accordion.Content>
            </Accordion.Item>
          );
        })}
      </Accordion.Root>
      <CrimeInfoModal crime={info} onClose={() => setInfo(null)} />
    </section>
  );
}

function InfoIcon() {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="2" />
      <path d="M12 11v6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="7.5" r="1.3" fill="currentColor" />
    </svg>
  );
}
