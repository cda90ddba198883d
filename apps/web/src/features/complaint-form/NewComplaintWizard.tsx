import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import {
  MESSAGES,
  isAnonymityBlocked,
  type ComplaintForm,
  type ComplaintFormInput,
  type ComplaintFormOutput,
} from '@canal/shared';
import { Button } from '../../components/Button';
import { LoadingView } from '../../components/LoadingView';
import { useApi } from '../../lib/api/ApiProvider';
import { useFirstScreen } from '../../lib/first-screen';
import { CategoryStep } from './CategoryStep';
import { emptyComplaintForm } from '../../lib/complaint-fields/form-values';
import { LeaveGuard } from './LeaveGuard';
import {
  useCategories,
  useRecognitionOptions,
  useRelationOptions,
  useZonesWithPlaces,
} from './master-data';
import { Stepper } from './Stepper';

// Step 0 (the type) opens without step 1's code: the form's fields, the save dialog, zod and the
// schema load when step 1 comes near (a type chosen, or a reload on step 1) — decision 0026, round 2.
const loadStepOne = () => import('./step-one');
const ComplaintDataStep = lazy(() => loadStepOne().then((m) => ({ default: m.ComplaintDataStep })));
const SaveComplaintDialog = lazy(() =>
  loadStepOne().then((m) => ({ default: m.SaveComplaintDialog })),
);
const loadResolver = () => import('./complaint-resolver').then((m) => m.complaintResolver);
/** The form's resolver, loaded on its first use (validation runs only on step 1). */
const complaintResolver: Resolver<ComplaintFormInput, unknown, ComplaintFormOutput> = async (
  ...args
) => (await loadResolver())(...args);
const preloadStepOne = () => {
  void loadStepOne();
  void loadResolver();
};

/**
 * The new-complaint wizard (SPEC §2): step 0 picks the complaint type, step 1 holds the form; the
 * form lives here so going back to step 0 keeps what was typed.
 *
 * Each step is an entry of the browser history (DESIGN §5b, decision 0016): "Siguiente" pushes an
 * entry whose state holds the step and the chosen type's id (never anything typed), so Back and
 * Forward move between the steps and a reload stays on step 1. What was typed lives only in memory;
 * leaving with it asks first (LeaveGuard).
 */
interface StepEntry {
  paso: 1;
  tipo: number;
}
const stepEntry = (state: unknown): StepEntry | null => {
  const entry = state as Partial<StepEntry> | null;
  return entry?.paso === 1 && typeof entry.tipo === 'number' ? { paso: 1, tipo: entry.tipo } : null;
};

/** The heading of each step (CategoryStep, ComplaintDataStep), focused when it is shown. */
const STEP_HEADINGS = ['paso-tipo-titulo', 'paso-datos-titulo'];

/** Runs `run` once mounted: beside a lazy step in one Suspense boundary, once that step is shown. */
function OnShown({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

export function NewComplaintWizard() {
  const categories = useCategories();
  // Loaded with the page so that step 1 opens with its options ready.
  const zones = useZonesWithPlaces();
  const relations = useRelationOptions();
  const recognitions = useRecognitionOptions();
  // The lists a server-rendered page arrived with are this visit's only (decision 0078).
  const firstScreen = useFirstScreen();
  useEffect(() => firstScreen.taken(), [firstScreen]);

  const api = useApi();
  // Issue 13: the first token is solved as the form opens, not at "Guardar denuncia".
  useEffect(() => api.prepareBotCheck(), [api]);

  const location = useLocation();
  const navigate = useNavigate();
  const entry = stepEntry(location.state);
  const step = entry ? 1 : 0;
  const [crimeId, setCrimeId] = useState<number | null>(entry?.tipo ?? null);
  const [files, setFiles] = useState<File[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [toSave, setToSave] = useState<ComplaintForm | null>(null);
  // Once filed, nothing is left to lose: going to the detail page does not ask.
  const [filed, setFiled] = useState(false);

  const form = useForm<ComplaintFormInput, unknown, ComplaintFormOutput>({
    resolver: complaintResolver,
    mode: 'all',
    defaultValues: emptyComplaintForm(),
  });
  const unsaved = !filed && (form.formState.isDirty || files.length > 0);

  // Arriving at a step-1 entry (Forward, or a reload): the form takes that entry's type.
  const entryType = entry?.tipo ?? null;
  useEffect(() => {
    if (entryType === null) return;
    if (form.getValues('crimeId') !== entryType) form.setValue('crimeId', entryType);
    if (isAnonymityBlocked(entryType)) form.setValue('anonymous', false);
  }, [entryType, form]);

  // SPEC §2: the page scrolls to the top on each step change; the new step's heading takes the
  // focus, so a screen reader announces it and the keyboard starts there (issue 12). Not on the
  // first render: the page's own heading is what a person arriving should hear.
  const stepShown = useRef(step);
  useEffect(() => {
    if (step === 1 || crimeId !== null) preloadStepOne();
  }, [step, crimeId]);
  // Step 1 may still be loading when the step changes: its heading takes the focus once shown.
  const focusPending = useRef(false);
  const focusStepHeading = useCallback(() => {
    if (!focusPending.current) return;
    const heading = document.getElementById(STEP_HEADINGS[step]!);
    if (!heading) return;
    focusPending.current = false;
    heading.focus({ preventScroll: true });
  }, [step]);
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
    if (stepShown.current === step) return;
    stepShown.current = step;
    focusPending.current = true;
    focusStepHeading();
  }, [step, focusStepHeading]);

  if (categories.isPending) return <LoadingView page />;

  const list = categories.data ?? [];
  const shownCrimeId = entry?.tipo ?? crimeId;
  const category = list.find((c) => c.crimes.some((crime) => crime.id === shownCrimeId));
  const crime = category?.crimes.find((c) => c.id === shownCrimeId);

  function next() {
    if (crimeId === null) return;
    form.setValue('crimeId', crimeId);
    if (isAnonymityBlocked(crimeId)) form.setValue('anonymous', false);
    // The step's entry keeps what the page's entry holds (the terms accepted on the way here).
    const kept = (location.state ?? {}) as object;
    navigate(location.pathname, { state: { ...kept, paso: 1, tipo: crimeId } satisfies StepEntry });
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-12">
      <Stepper current={step} />
      {step === 0 || !category || !crime ? (
        <>
          {list.length === 0 ? (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
              No fue posible cargar los tipos de denuncia. Por favor, intente nuevamente en unos
              minutos.
            </p>
          ) : (
            <CategoryStep categories={list} selectedCrimeId={crimeId} onSelect={setCrimeId} />
          )}
          <div className="mt-6 flex justify-end">
            <Button onClick={next} disabled={crimeId === null}>
              Siguiente
            </Button>
          </div>
        </>
      ) : zones.isPending || relations.isPending || recognitions.isPending ? (
        <LoadingView />
      ) : (
        <Suspense fallback={<LoadingView />}>
          <ComplaintDataStep
            form={form}
            category={category}
            crime={crime}
            zones={zones.data ?? []}
            relations={relations.data ?? []}
            recognitions={recognitions.data ?? []}
            files={files}
            onFilesChange={(next) => {
              setFiles(next);
              setUploadError(null);
            }}
            uploadError={uploadError}
            onUploadRejected={(names) => setUploadError(MESSAGES.uploadRejected(names))}
            // Step 1 is always entered from step 0's entry, just behind it.
            onBack={() => void navigate(-1)}
            onSubmit={(values) => setToSave(values)}
          />
          <SaveComplaintDialog
            complaint={toSave}
            files={files}
            onClose={() => setToSave(null)}
            onFiled={() => setFiled(true)}
          />
          <OnShown run={focusStepHeading} />
        </Suspense>
      )}
      <LeaveGuard unsaved={unsaved} />
    </div>
  );
}
