import { ButtonLink } from "@/components/ui/button";
import { linkProblemMessage, type TokenStateName } from "./link-states";

/** What a page says when its link cannot be used, with the way to a new one. */
export function LinkProblem({ state, again }: { state: TokenStateName; again: { href: string; label: string } }) {
  return (
    <div className="flex flex-col gap-5">
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 font-medium text-red-800">
        {linkProblemMessage(state)}
      </p>
      <ButtonLink href={again.href} className="w-full text-center">
        {again.label}
      </ButtonLink>
    </div>
  );
}
