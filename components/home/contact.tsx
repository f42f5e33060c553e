import { Reveal } from "@/components/reveal";
import { ContactForm } from "./contact-form";

export function Contact() {
  return (
    <section id="contact" data-section="contact" aria-labelledby="contact-title" className="bg-stone-50">
      <Reveal className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-5 lg:px-8 lg:py-20">
        <div className="lg:col-span-2">
          <h2 id="contact-title" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Talk to the workshop
          </h2>
          <p className="mt-2 text-lg font-semibold text-brand">Get in touch</p>
          <p className="mt-4 leading-7 text-slate-700">
            Bulk orders, custom handles, a tool that let you down: tell us, and someone from the workshop answers
            within one working day.
          </p>
          <ul className="mt-6 space-y-2 text-slate-700">
            <li>Monday to Friday, 8:00–17:00</li>
            <li>Trade and school accounts welcome</li>
          </ul>
        </div>
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-3">
          <ContactForm />
        </div>
      </Reveal>
    </section>
  );
}
