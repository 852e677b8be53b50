import { ChevronDown } from 'lucide-react';
import { NavLink, useMatches, useRouteLoaderData } from 'react-router';
import { policyPathFromRouteId } from '../config/paths';
import { POLICY_DOCUMENTS, findPolicy, type PolicyDocument } from '../features/policies/policy-documents';
import { pageMeta } from '../lib/meta';
import type { RootLoaderData } from '../root';
import { Breadcrumbs } from '../components/breadcrumbs';
import type { Route } from './+types/policy';

/** The document this route shows, from its route id (the last match is this route). */
function policyFor(matches: ReadonlyArray<{ id: string } | undefined>): PolicyDocument {
  const path = policyPathFromRouteId(matches.at(-1)?.id ?? '');
  const document = path ? findPolicy(path) : undefined;
  if (!document) throw new Error(`routes/policy.tsx is mounted on a route without a policy id: ${matches.at(-1)?.id}`);
  return document;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const document = policyFor(matches);
  return pageMeta({ title: document.title, description: document.description, path: document.path }, matches);
};

export default function PolicyPage() {
  const shop = useRouteLoaderData<RootLoaderData>('root')!.settings;
  const document = policyFor(useMatches());
  const sections = document.sections(shop);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <Breadcrumbs current={document.title} />

      <div className="mt-6 grid gap-10 lg:grid-cols-[16rem_1fr] lg:gap-14">
        <aside className="order-2 lg:order-1">
          <nav aria-label="Help and policies" className="rounded-2xl border border-line bg-white p-5 lg:sticky lg:top-36">
            <h2 className="font-sans text-xs font-semibold uppercase tracking-[0.18em] text-muted">Help and policies</h2>
            <ul className="mt-3 space-y-0.5">
              {POLICY_DOCUMENTS.map((item) => (
                <li key={item.path}>
                  <NavLink
                    to={item.path}
                    className="block rounded-lg px-3 py-2 text-sm text-ink hover:bg-sand aria-[current=page]:bg-wine-50 aria-[current=page]:font-semibold aria-[current=page]:text-wine-700"
                  >
                    {item.title}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>

        <article className="order-1 max-w-3xl lg:order-2">
          <h1 className="text-3xl font-semibold sm:text-4xl">{document.title}</h1>
          <div className="prose-policy mt-4 text-lg text-muted">{document.intro}</div>

          {document.kind === 'faq' ? (
            <div className="mt-8 divide-y divide-line rounded-2xl border border-line bg-white">
              {sections.map((section) => (
                <details key={section.id} id={section.id} className="group px-5 py-1">
                  <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
                    <h2 className="font-sans text-base">{section.heading}</h2>
                    <ChevronDown aria-hidden="true" className="h-5 w-5 shrink-0 text-muted transition-transform group-open:rotate-180" />
                  </summary>
                  <div className="prose-policy pb-4">{section.body}</div>
                </details>
              ))}
            </div>
          ) : (
            <>
              <nav aria-label="On this page" className="mt-8 rounded-2xl bg-sand/60 p-5">
                <h2 className="font-sans text-xs font-semibold uppercase tracking-[0.18em] text-muted">On this page</h2>
                <ol className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
                  {sections.map((section, position) => (
                    <li key={section.id}>
                      <a href={`#${section.id}`} className="text-wine-700 hover:underline">
                        {position + 1}. {section.heading}
                      </a>
                    </li>
                  ))}
                </ol>
              </nav>
              {sections.map((section, position) => (
                <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-10">
                  <h2 id={`${section.id}-heading`} className="text-2xl font-semibold">
                    <span className="mr-2 text-gold-600">{position + 1}.</span>
                    {section.heading}
                  </h2>
                  <div className="prose-policy mt-2">{section.body}</div>
                </section>
              ))}
            </>
          )}
        </article>
      </div>
    </div>
  );
}
