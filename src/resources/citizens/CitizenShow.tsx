import { schemaOf } from '../../schema/registry';
import SchemaShow from '../../schema/views/SchemaShow';
import { CitizenCare } from './CitizenCare';
import { PersonalDataSection } from '../../pages/app/privacy/PersonalDataSection';

/** The generated show page, with the citizen's devices, zones, alarm receivers and positions on the first tab, and the export and erasure of their data. */
export function CitizenShow() {
  const schema = schemaOf('citizens');
  if (!schema) return null;
  return (
    <SchemaShow
      schema={schema}
      tabExtras={{
        personal: (
          <>
            <CitizenCare />
            <PersonalDataSection subjectType="citizen" listResource="citizens" />
          </>
        ),
      }}
    />
  );
}
