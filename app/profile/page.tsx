import type { Metadata } from "next";
import { IdentitySection } from "@/components/account/identity-section";
import { requirePageActor } from "@/app/page-session";
import { ProfileView } from "@/components/profile/profile-view";
import { getProfile } from "@/lib/accounts/profile";

export const metadata: Metadata = { title: "Profile", robots: { index: false } };

/** The seed's top-level Profile link: the same content as the dashboard's My Profile, and changing your name and photo. */
export default async function ProfilePage() {
  const actor = await requirePageActor("/profile");
  const profile = await getProfile(actor);

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">Profile</h1>
      <ProfileView account={actor} memberSince={actor.memberSince} profile={profile} />
      <IdentitySection account={{ name: actor.name, imageUrl: actor.imageUrl }} />
    </div>
  );
}
