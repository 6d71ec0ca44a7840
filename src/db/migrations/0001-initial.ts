import { sql, type Kysely } from 'kysely';

/**
 * The first schema. Column names follow the spec's wire names (firstname, accountid, ...) so repositories map
 * rows to wire shapes without renaming; our own columns (password_hash, ssn_ciphertext, ...) are snake_case.
 * Money is integer cents. SSNs are stored only encrypted.
 */
const schema = `
    create table employer (
      accountid uuid primary key,
      accountname text not null,
      teamid uuid not null,
      mediadata text,
      emailaddress text,
      employeazecustomer integer not null default 1,
      hsaonly integer not null default 0,
      edoc_period integer,
      planyearstart date not null,
      planyearend date not null,
      businessyear integer not null,
      createdon timestamptz not null default now()
    );
    create table employer_contact (
      id uuid primary key,
      accountid uuid not null references employer(accountid) on delete cascade,
      contacttype integer not null check (contacttype between 1 and 5),
      displaytoemployee boolean not null default false,
      firstname text not null,
      middlename text,
      lastname text not null,
      emailaddress text,
      phonenumber text
    );
    create index employer_contact_account on employer_contact(accountid);
    create table broker (
      id uuid primary key,
      teamid uuid not null,
      firstname text not null,
      lastname text not null,
      emailaddress text,
      phonenumber text
    );
    create index broker_team on broker(teamid);
    create table contribution_schedule (
      id uuid primary key,
      accountid uuid not null references employer(accountid) on delete cascade,
      contributionclass text not null default 'ALL',
      age_min integer not null,
      age_max integer not null,
      employee_cents integer not null check (employee_cents >= 0),
      dependent_cents integer not null default 0 check (dependent_cents >= 0)
    );
    create index contribution_schedule_account on contribution_schedule(accountid, contributionclass);
    create table member (
      id uuid primary key,
      accountid uuid not null references employer(accountid),
      priormemberid uuid not null,
      externalid uuid not null,
      firstname text not null,
      lastname text not null,
      address1 text,
      address2 text,
      city text,
      stateorprovince text,
      postalcode text,
      county text,
      emailaddress text not null,
      personalemailaddress text not null,
      birthdate date,
      hiredate date,
      phonenumber text,
      origination integer not null default 1,
      relationship integer not null default 1,
      primarymemberid uuid not null,
      istobaccouser text,
      isdisabled boolean,
      gender text,
      ssn_ciphertext text,
      ssn_last4 text,
      pcpname text,
      pcpid text,
      existingpatient text default 'yes',
      status text not null default 'Active',
      terminationdate date,
      division text,
      currentplanid text,
      currentplanyear integer,
      contributionclass text not null default 'ALL',
      irsdependent boolean,
      ispasswordchanged timestamptz,
      password_hash text,
      createdon timestamptz not null default now(),
      createdby text not null,
      modifiedon timestamptz not null default now(),
      modifiedby text not null
    );
    create unique index member_email on member(lower(emailaddress));
    create table set_password_token (
      id uuid primary key,
      memberid uuid not null references member(id) on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      createdon timestamptz not null default now()
    );
    create table refresh_token (
      id uuid primary key,
      memberid uuid not null references member(id) on delete cascade,
      family_id uuid not null,
      token_hash text not null unique,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      createdon timestamptz not null default now()
    );
    create table dependent (
      id uuid primary key,
      memberid uuid not null references member(id) on delete cascade,
      firstname text not null,
      lastname text not null,
      dateofbirth date,
      contributionamt_cents integer,
      istobaccouser boolean not null default false,
      isdisabled boolean,
      gender text,
      isonhealthpolicy text not null default 'Yes',
      relationship text not null check (relationship in ('spouse', 'child')),
      ssn_ciphertext text,
      ssn_last4 text,
      irsdependent boolean,
      pcpname text,
      pcpid text,
      existingpatient text,
      createdon timestamptz not null default now(),
      createdby text not null,
      modifiedon timestamptz not null default now(),
      modifiedby text not null
    );
    create index dependent_member on dependent(memberid);
    create table member_account (
      id uuid primary key,
      memberid uuid not null references member(id) on delete cascade,
      memberaccounttype integer not null default 1,
      status integer not null default 1,
      familystatus text,
      currentbalance_cents integer not null default 0,
      currenthealthinsurancepremium_cents integer not null default 0,
      currentemployercontribution_cents integer not null default 0,
      currentemployeeclass text,
      currentpayrolldeduction_cents integer not null default 0,
      waivecoverage integer not null default 0,
      waivecoveragereason text,
      spousemedicareeligible integer not null default 0,
      createdon timestamptz not null default now(),
      modifiedon timestamptz not null default now()
    );
    create index member_account_member on member_account(memberid, createdon);
    create table product (
      id uuid primary key,
      productname text not null,
      vendorname text not null,
      description text not null default '',
      category text not null,
      subcategory text,
      taxstatus text,
      active boolean not null default true
    );
    create table product_option (
      id uuid primary key,
      productid uuid not null references product(id) on delete cascade,
      option text not null,
      cost_cents integer not null check (cost_cents >= 0),
      sort integer not null default 0
    );
    create table member_order (
      id uuid primary key,
      memberid uuid not null references member(id) on delete cascade,
      productid uuid not null,
      productfeeid uuid not null,
      orderid uuid not null,
      options text,
      description text,
      category text not null check (category in ('healthinsurance', 'waive', 'HSA', 'additionalservices')),
      status integer not null default 0,
      amountspent_cents integer not null default 0,
      productname text,
      vendorname text,
      externalvendorid text,
      policyholdersname text,
      policycarriername text,
      policynumber text,
      policyeffectivedate date,
      policyishsaeligible integer not null default 0,
      policyisgovsubsidy integer not null default 0,
      ordernumber text not null default '0',
      waivecoverage integer not null default 0,
      summary_link text,
      tax_status text,
      businessyear integer,
      createdon timestamptz not null default now(),
      createdby text not null,
      modifiedon timestamptz not null default now(),
      modifiedby text not null,
      modifiedreason text
    );
    create index member_order_member on member_order(memberid, createdon);
    create table log_fact (
      id uuid primary key,
      title text not null,
      accountid uuid,
      memberid uuid,
      action text,
      effectivedate date,
      data jsonb not null,
      createdon timestamptz not null default now()
    );
    create table document_override (
      id uuid primary key,
      accountid uuid not null references employer(accountid) on delete cascade,
      documentid text not null,
      version integer not null,
      status text not null check (status in ('draft', 'published', 'retired')),
      patch jsonb not null,
      createdon timestamptz not null default now(),
      publishedon timestamptz,
      unique (accountid, documentid, version)
    );
    create table mail_outbox (
      id uuid primary key,
      recipient text not null,
      subject text not null,
      text_body text not null,
      html_body text,
      createdon timestamptz not null default now(),
      senton timestamptz,
      attempts integer not null default 0,
      last_error text
    );
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement at a time: PGlite's extended protocol and pg's both take a single statement.
  for (const statement of schema.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}
