import Database from 'better-sqlite3';
import { probe } from '@app/domain/probe';
const db = new Database(':memory:');
const row = db.prepare("select sqlite_version() v, (select count(*) from pragma_compile_options where compile_options like 'ENABLE_FTS5%') fts5").get() as { v: string; fts5: number };
console.log(probe(1), row);
