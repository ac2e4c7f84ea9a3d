"""An agent over a small document library with a scripted model: the documents' tests share it."""

from __future__ import annotations

from pathlib import Path

from app.core.agent.loop import Agent
from app.core.documents.extract import extract
from app.core.documents.library import Library
from app.core.llm.fake import ScriptedBackend
from app.core.memory.bank import MemoryBank
from app.core.memory.data import ProfileData
from app.core.settings import Settings
from app.core.turn_events import TurnDone
from tests.core.documents import builders

LEASE = ["Tenancy agreement. The rent is 950 pounds a month, paid on the first day of each month.",
         "Ending the tenancy: the tenant may end the tenancy by giving two months written notice to the landlord.",
         "A holding deposit of 260 pounds was set against the first month's rent."]
BIG = 3_000_000_000


def library_agent(bank: MemoryBank, tmp_path: Path, reply, n_params: int = BIG, document: Path | None = None
           ) -> tuple[Agent, ScriptedBackend]:
    """An agent whose library holds ``document`` (the two-page lease PDF by default)."""
    data = ProfileData(bank)
    Library(data.documents, read=extract).add([document or builders.pdf(tmp_path / "lease.pdf", LEASE)])
    backend = ScriptedBackend(reply=reply, n_params=n_params)
    return Agent(data, backend, Settings(docs_threshold=0.0)), backend


def markdown(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def ask(agent: Agent, text: str) -> TurnDone:
    done = list(agent.run_turn(text, new=True))[-1]
    assert isinstance(done, TurnDone)
    return done
