import { gql, type TypedDocumentNode } from '@apollo/client';

export interface TemplateItem {
  id: string;
  name: string;
  language: string;
  proficiency: string;
  completionRequirement: number;
  durationRequirement: number;
  priceAgreementKind: string;
  currentCoursesCount: number;
}

const FIELDS = gql`
  fragment TemplateFields on Template {
    id
    name
    language
    proficiency
    completionRequirement
    durationRequirement
    priceAgreementKind
    currentCoursesCount
  }
`;

export const MY_TEMPLATES: TypedDocumentNode<{ me: { id: string; templates: TemplateItem[] } | null }, Record<string, never>> = gql`
  query InstructorTemplates {
    me {
      id
      templates {
        ...TemplateFields
      }
    }
  }
  ${FIELDS}
`;

export interface TemplatedCourse {
  id: string;
  name: string;
  startDate: string;
  endDate: string | null;
  isPast: boolean;
  owner: { id: string; displayName: string | null; emailAddress: string | null } | null;
  courseShareInvites: { id: string; emailAddress: string; acceptedOn: string | null; rejectedOn: string | null }[];
}

export const TEMPLATE: TypedDocumentNode<
  { template: TemplateItem | null; allTemplatedCourses: { totalCount: number; edges: { node: TemplatedCourse }[] } },
  { templateId: string }
> = gql`
  query InstructorTemplate($templateId: ID!) {
    template(templateId: $templateId) {
      ...TemplateFields
    }
    allTemplatedCourses(templateId: $templateId) {
      totalCount
      edges {
        node {
          id
          name
          startDate
          endDate
          isPast
          owner {
            id
            displayName
            emailAddress
          }
          courseShareInvites {
            id
            emailAddress
            acceptedOn
            rejectedOn
          }
        }
      }
    }
  }
  ${FIELDS}
`;

export const CREATE_TEMPLATE: TypedDocumentNode<
  { createTemplate: { template: TemplateItem } },
  {
    input: {
      name: string;
      language: string;
      proficiency: string;
      requirements: { completionRequirement: number; durationRequirement: number };
    };
  }
> = gql`
  mutation CreateTemplate($input: CreateTemplateInput!) {
    createTemplate(input: $input) {
      template {
        ...TemplateFields
      }
    }
  }
  ${FIELDS}
`;

export const CHANGE_TEMPLATE: TypedDocumentNode<{ changeTemplate: { template: TemplateItem } }, { input: Record<string, unknown> }> = gql`
  mutation ChangeTemplate($input: ChangeTemplateInput!) {
    changeTemplate(input: $input) {
      template {
        ...TemplateFields
      }
    }
  }
  ${FIELDS}
`;

export const REMOVE_TEMPLATE: TypedDocumentNode<{ removeTemplate: { removed: boolean } }, { templateId: string }> = gql`
  mutation RemoveTemplate($templateId: ID!) {
    removeTemplate(input: { templateId: $templateId }) {
      removed
    }
  }
`;

export interface ProvisionRowInput {
  emailAddress: string;
  name?: string | null;
  startDate: string;
  endDate: string;
}

export const PROVISION: TypedDocumentNode<
  { createProvisionalCourses: { created: boolean; courses: { id: string }[] } },
  { input: { templateId: string; attributes: ProvisionRowInput[] } }
> = gql`
  mutation CreateProvisionalCourses($input: CreateProvisionalCoursesInput!) {
    createProvisionalCourses(input: $input) {
      created
      courses {
        id
      }
    }
  }
`;
