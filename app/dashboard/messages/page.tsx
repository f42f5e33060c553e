import type { Metadata } from "next";
import { ContactMessages } from "@/components/admin/contact-messages";
import { AdminPageHeader } from "@/components/admin/data-table";
import { SubscribersList } from "@/components/admin/subscribers-list";
import { requirePageActor } from "@/components/auth/session";
import { ForbiddenMessage } from "@/components/dashboard/forbidden-message";
import { listContactMessages, listSubscribers } from "@/lib/messages/service";

export const metadata: Metadata = { title: "Messages", robots: { index: false } };

export default async function MessagesPage() {
  const actor = await requirePageActor("/dashboard/messages");
  if (actor.role !== "admin") return <ForbiddenMessage />;

  const [messages, subscribers] = await Promise.all([listContactMessages(actor), listSubscribers(actor)]);

  return (
    <>
      <AdminPageHeader title="Messages">What visitors sent through the contact form, and who signed up for the newsletter.</AdminPageHeader>
      <section aria-labelledby="contact-messages-title">
        <h2 id="contact-messages-title" className="mb-4 text-xl font-bold text-slate-900">
          Contact messages <span className="font-normal text-slate-600">({messages.length})</span>
        </h2>
        <ContactMessages messages={messages} />
      </section>
      <section aria-labelledby="subscribers-title" className="mt-12">
        <h2 id="subscribers-title" className="mb-4 text-xl font-bold text-slate-900">
          Newsletter subscribers
        </h2>
        <SubscribersList subscribers={subscribers} />
      </section>
    </>
  );
}
