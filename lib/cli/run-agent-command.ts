import type { Hub } from "../operations/hub";
import { renderAnswer } from "../operations/render-text";
import { runOperation } from "../operations/run-operation";
import { agentCommandHelp, parseAgentCommand, type AgentCommand, type CommandIo } from "./agent-commands";
import { EXIT, type ExitCode } from "./exit-codes";
import { printError } from "./print-error";

const REPORT_HINT = { experience: "run `knowhub submit`" };

/** Runs one agent command: the answer on stdout (the API's JSON with --json), failures on stderr. */
export async function runAgentCommand(command: AgentCommand, argv: string[], openHub: () => Hub, io: CommandIo): Promise<ExitCode> {
  const json = argv.includes("--json");
  const usage = agentCommandHelp(command);
  try {
    const parsed = parseAgentCommand(command, argv, io);
    if (parsed.help) {
      process.stdout.write(`${usage}\n`);
      return EXIT.ok;
    }
    const answer = await runOperation(openHub(), command.operation, parsed.args);
    process.stdout.write(parsed.json ? `${JSON.stringify(answer)}\n` : `${renderAnswer(command.operation, answer, REPORT_HINT)}\n`);
    return EXIT.ok;
  } catch (error) {
    return printError(error, { json, usage: usage.split("\n")[0] });
  }
}
