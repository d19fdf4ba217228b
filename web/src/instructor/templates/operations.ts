import { type DocumentType, graphql } from '../../gql';

// A template's fields, spread by name below.
graphql(`
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
`);

export const MY_TEMPLATES = graphql(`
  query InstructorTemplates {
    me {
      id
      templates {
        ...TemplateFields
      }
    }
  }
`);

export const TEMPLATE = graphql(`
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
`);

export type TemplatedCourse = DocumentType<typeof TEMPLATE>['allTemplatedCourses']['edges'][number]['node'];

export const CREATE_TEMPLATE = graphql(`
  mutation CreateTemplate($input: CreateTemplateInput!) {
    createTemplate(input: $input) {
      template {
        ...TemplateFields
      }
    }
  }
`);

export const CHANGE_TEMPLATE = graphql(`
  mutation ChangeTemplate($input: ChangeTemplateInput!) {
    changeTemplate(input: $input) {
      template {
        ...TemplateFields
      }
    }
  }
`);

export const REMOVE_TEMPLATE = graphql(`
  mutation RemoveTemplate($templateId: ID!) {
    removeTemplate(input: { templateId: $templateId }) {
      removed
    }
  }
`);

export const PROVISION = graphql(`
  mutation CreateProvisionalCourses($input: CreateProvisionalCoursesInput!) {
    createProvisionalCourses(input: $input) {
      created
      courses {
        id
      }
    }
  }
`);
