import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../__generated__";

export const AcceptTermsMutation = graphql(`
  mutation AcceptTerms {
    acceptTerms {
      id
      termsAcceptedAt
    }
  }
`);

export const AcceptPrivacyPolicyMutation = graphql(`
  mutation AcceptPrivacyPolicy {
    acceptPrivacyPolicy {
      id
      privacyPolicyAcceptedAt
    }
  }
`);

/**
 * Sign-up requires accepting both documents; the api records each acceptance. The first call
 * also creates the profile, so they run one after the other, not in parallel.
 */
export function useAcceptPolicies(): () => Promise<void> {
  const [acceptTerms] = useMutation(AcceptTermsMutation);
  const [acceptPrivacyPolicy] = useMutation(AcceptPrivacyPolicyMutation);
  return useCallback(async () => {
    await acceptTerms();
    await acceptPrivacyPolicy();
  }, [acceptTerms, acceptPrivacyPolicy]);
}
