export const JOB_BY_ID = 'select * from jobs where id = $1';
